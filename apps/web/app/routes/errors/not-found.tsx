import { ErrorScreen } from '../../components/ui/error-screen.tsx';
import { notFound } from '../../lib/not-found.ts';

/** Unknown addresses: the not-found screen with status 404. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return <ErrorScreen kind="not-found" />;
}

export function ErrorBoundary() {
  return <ErrorScreen kind="not-found" />;
}
