import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import i18n from '../i18n/index.js';
import { CallError } from '../relay/request.js';
import { errorMessage } from './errors.js';

/** Shows a load error in place with a retry; `error` shows one caught elsewhere (a route loader's). */
export class ErrorBoundary extends Component<{ children?: ReactNode; title?: string; error?: unknown }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const error = this.props.error ?? this.state.error;
    if (!error) return this.props.children;
    const message = error instanceof CallError ? errorMessage({ status: error.status, data: error.data, key: error.key }) : errorMessage(null);
    return (
      <Stack p="md" maw={640}>
        <Alert color="red" title={this.props.title ?? i18n.t('errors.load')} role="alert">
          {message}
        </Alert>
        <Button variant="light" onClick={() => window.location.reload()}>
          {i18n.t('common.retry')}
        </Button>
      </Stack>
    );
  }
}
