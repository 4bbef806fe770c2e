import { data } from 'react-router';
import { ErrorScreen } from '../../components/ui/error-screen.tsx';

/** Unknown addresses: the not-found screen with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorScreen kind="not-found" />;
}

export function ErrorBoundary() {
  return <ErrorScreen kind="not-found" />;
}
