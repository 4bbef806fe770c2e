import { data } from 'react-router';
import { ErrorScreen } from '../../components/ui/error-screen.tsx';

/** spec platform §2: /collection, /watch or /rules without its parameter shows an error screen. */
export function loader() {
  throw data(null, { status: 400 });
}

export default function MissingParam() {
  return <ErrorScreen kind="missing-param" />;
}

export function ErrorBoundary() {
  return <ErrorScreen kind="missing-param" />;
}
