import { ApiError } from '../api/client';

/** An API error as the API said it: its `error`, its `details`, and the status code. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    return (
      <div className="error" role="alert">
        <p className="error-title">
          {error.error}
          {error.status ? <span className="error-status"> (HTTP {error.status})</span> : null}
        </p>
        {error.details ? <p className="error-details">{error.details}</p> : null}
      </div>
    );
  }
  return (
    <div className="error" role="alert">
      <p className="error-title">{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
