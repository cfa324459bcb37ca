import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's error page: 'Unexpected Application Error!' plus the status or the message. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main className="page page--narrow error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="lead">{detail}</p>
      <p>
        <a className="button button--primary" href="/">
          Back to the home page
        </a>{' '}
        <Link className="button" to="/shop">
          Go to the shop
        </Link>
      </p>
    </main>
  );
}
