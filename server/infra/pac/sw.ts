// SW Sapien's REST API (services.test.sw.com.mx for tests, services.sw.com.mx live), as its official SDKs call
// it: POST /v2/security/authenticate {user, password} → data.token (or a fixed token); POST /cfdi33/stamp/v4
// multipart "xml" → data.cfdi (the stamped XML, v4 also returns uuid and fechaTimbrado); POST /cfdi33/cancel/csd
// {uuid, password, rfc, b64Cer, b64Key, motivo, folioSustitucion} → data.acuse. Errors come as
// {status: "error", message, messageDetail}.
import { fromCfdiDate, stampData } from '../cfdi/voucher.js';
import { type CancelRequest, type CancelResult, type Pac, PacError } from './types.js';

export const SW_TEST_URL = 'https://services.test.sw.com.mx';
export const SW_LIVE_URL = 'https://services.sw.com.mx';
const TIMEOUT_MS = 30_000;
/** Tokens from user and password last 2 hours; renew a little earlier. */
const TOKEN_TTL_MS = 100 * 60_000;

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SwOptions {
  url?: string;
  user?: string;
  password?: string;
  token?: string;
  fetch?: FetchLike;
  now?: () => Date;
}

interface SwAnswer {
  status?: string;
  message?: string;
  messageDetail?: string | null;
  data?: Record<string, unknown> | null;
}

/** SW's codes that a later retry may get through (SAT or SW busy, timeouts). */
const RETRYABLE = /^(CFDI40?000|SW0|5\d\d)/;

export class SwPac implements Pac {
  readonly name = 'SW Sapien';
  private readonly url: string;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => Date;
  private token: { value: string; until: number } | null;

  constructor(private readonly options: SwOptions) {
    this.url = (options.url ?? SW_TEST_URL).replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => new Date());
    this.token = options.token ? { value: options.token, until: Number.POSITIVE_INFINITY } : null;
    if (!options.token && !(options.user && options.password)) throw new Error('The SW PAC needs PAC_TOKEN, or PAC_USER and PAC_PASSWORD');
  }

  private async call(path: string, init: RequestInit): Promise<SwAnswer> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.url}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const timeout = (error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError';
      throw new PacError(
        timeout
          ? 'El proveedor de certificación (SW) no respondió a tiempo; inténtalo de nuevo'
          : 'No se pudo conectar con el proveedor de certificación (SW); inténtalo de nuevo',
        timeout ? 'TIMEOUT' : 'NETWORK',
        true,
      );
    }
    const text = await response.text();
    let answer: SwAnswer;
    try {
      answer = JSON.parse(text) as SwAnswer;
    } catch {
      throw new PacError(
        `El proveedor de certificación (SW) respondió algo inesperado (HTTP ${response.status})`,
        `HTTP${response.status}`,
        response.status >= 500,
      );
    }
    if (!response.ok || answer.status !== 'success') throw errorOf(answer, response.status);
    return answer;
  }

  private async authorization(): Promise<string> {
    if (this.token && this.token.until > this.now().getTime()) return `Bearer ${this.token.value}`;
    const answer = await this.call('/v2/security/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: this.options.user, password: this.options.password }),
    });
    const value = answer.data?.token;
    if (typeof value !== 'string' || !value) throw new PacError('El proveedor de certificación (SW) no entregó un token de acceso', 'AUTH', true);
    this.token = { value, until: this.now().getTime() + TOKEN_TTL_MS };
    return `Bearer ${value}`;
  }

  async stamp(xml: string): Promise<{ xml: string; uuid: string; stampedAt: Date }> {
    const form = new FormData();
    form.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
    const answer = await this.call('/cfdi33/stamp/v4', { method: 'POST', headers: { authorization: await this.authorization() }, body: form });
    const stamped = answer.data?.cfdi;
    if (typeof stamped !== 'string') throw new PacError('El proveedor de certificación (SW) no devolvió el CFDI timbrado', 'NO_CFDI', true);
    const stamp = stampData(stamped);
    if (!stamp?.uuid) throw new PacError('El CFDI devuelto por el proveedor de certificación (SW) no tiene timbre fiscal', 'NO_TFD', false);
    return { xml: stamped, uuid: stamp.uuid, stampedAt: fromCfdiDate(stamp.stampedAt.slice(0, 19)) ?? new Date() };
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    if (request.motive === '01' && !request.substituteUuid)
      throw new PacError('El motivo 01 requiere el folio fiscal del CFDI que sustituye al cancelado', 'CANCEL01', false);
    const certificate = request.credential.certificate();
    const privateKey = request.credential.privateKey();
    const body = {
      uuid: request.uuid,
      password: privateKey.passPhrase(),
      rfc: request.issuerRfc,
      b64Cer: certificate.pem().replace(/-----[^-]+-----|\s/g, ''),
      b64Key: privateKey.pem().replace(/-----[^-]+-----|\s/g, ''),
      motivo: request.motive,
      ...(request.motive === '01' ? { folioSustitucion: request.substituteUuid } : {}),
    };
    const answer = await this.call('/cfdi33/cancel/csd', {
      method: 'POST',
      headers: { authorization: await this.authorization(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const acuse = answer.data?.acuse;
    const statuses = (answer.data?.uuid ?? {}) as Record<string, string>;
    const code = statuses[request.uuid] ?? statuses[request.uuid.toUpperCase()] ?? statuses[request.uuid.toLowerCase()] ?? Object.values(statuses)[0];
    // 201: request accepted; 202: it was already cancelled. Anything else is a refusal with its SAT code.
    if (code && code !== '201' && code !== '202') throw new PacError(`El SAT no aceptó la cancelación (código ${code})`, String(code), false);
    return { status: 'CANCELLED', acknowledgement: typeof acuse === 'string' ? acuse : JSON.stringify(answer.data ?? {}) };
  }
}

function errorOf(answer: SwAnswer, status: number): PacError {
  const message = (answer.message ?? '').trim();
  const detail = (answer.messageDetail ?? '').trim();
  const code = /^([A-Za-z]*\d+)\b/.exec(message)?.[1] ?? (status ? `HTTP${status}` : 'ERROR');
  const text = detail && detail !== message ? `${message}: ${detail}` : message || `Error del proveedor de certificación (HTTP ${status})`;
  const retryable = status >= 500 || status === 429 || RETRYABLE.test(code);
  return new PacError(`El proveedor de certificación (SW) rechazó la solicitud. ${text}`.slice(0, 1000), code, retryable);
}
