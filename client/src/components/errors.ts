// Spec 1 section 8: what the user reads for a failed call.
import i18n from '../i18n/index.js';

export interface FailedCall {
  /** HTTP status; 0 or below when the request never got an answer. */
  status?: number;
  /** Parsed response body, if any. */
  data?: unknown;
  /** Short name of the call, shown as the "key" in technical messages. */
  key?: string;
}

const support = () => i18n.t('app.support');

/** The message to show for a failed call, following the generic display rules of the spec. */
export function errorMessage(call: FailedCall | null | undefined): string {
  if (!call) return i18n.t('errors.critical', { support: support() });
  const data = call.data as Record<string, unknown> | undefined;
  const key = call.key ?? '-';
  if (data && typeof data === 'object') {
    if (data.source === 'gateway' && typeof data.code === 'number') return gatewayMessage(data.code, String(data.description ?? ''));
    if (typeof data.code === 'number' && typeof data.description === 'string') return data.description;
  }
  const status = call.status ?? 0;
  if (!data && status <= 0) return i18n.t('errors.connection');
  if (status >= 500) return i18n.t('errors.server', { support: support(), key, code: status });
  if (status >= 400) return i18n.t('errors.structural', { key, code: status });
  return i18n.t('errors.unavailable', { code: status });
}

/** Card gateway codes 1000-6003 in Spanish; -1 carries the server's own message. */
export function gatewayMessage(code: number, serverMessage = ''): string {
  if (code === -1) return serverMessage;
  const key = `gateway.${code}`;
  return i18n.exists(key) ? i18n.t(key) : serverMessage || i18n.t('errors.unavailable', { code });
}
