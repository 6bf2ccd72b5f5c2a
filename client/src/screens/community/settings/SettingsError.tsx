import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** Spec 3 section 2: an `error` in the query string (e.g. sent back by another screen) is shown as a warning. */
export function QueryStringError() {
  const [search] = useSearchParams();
  const error = search.get('error')?.trim().slice(0, 300);
  if (!error) return null;
  return (
    <Alert color="yellow" role="alert" data-testid="query-string-error">
      {error}
    </Alert>
  );
}
