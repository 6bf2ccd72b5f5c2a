// The sandbox gateway's request plumbing shared by its handlers: Openpay's error answer, the JSON body and
// field readers, the records' lookups and the public shapes of charges and cards.
import { randomInt } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import type { Tx } from '../../../kernel/context.js';
import { lockRow } from '../../../kernel/locks.js';
import { BodyTooLargeError, limitBody } from '../../../http/bodyLimit.js';
import type { Json, SandboxObject } from './records.js';
import { Response } from '../../../http/response.js';

const MAX_BODY_BYTES = 64 * 1024;
const MAX_AMOUNT = 1_000_000;

export interface SandboxDeps {
  db: Database;
  config: Config;
}

/** An Openpay error answer. */
export class SandboxError extends Error {
  constructor(
    readonly code: number,
    readonly httpCode: number,
    readonly description: string,
    readonly category: 'request' | 'gateway' | 'internal' = 'request',
  ) {
    super(description);
  }
}

export function errorResponse(error: SandboxError): Response {
  return Response.json(
    { category: error.category, description: error.description, http_code: error.httpCode, error_code: error.code, request_id: crypto.randomUUID() },
    { status: error.httpCode },
  );
}

export interface Merchant {
  merchantId: string;
  neighborhoodId: number;
  role: 'public' | 'private';
}

/** The request's JSON object; with allowEmpty, no body reads as {} (capture and refund take an optional one). */
export async function readJson(request: Request, allowEmpty = false): Promise<Json> {
  let limited: Request;
  try {
    limited = await limitBody(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new SandboxError(1009, 413, 'The request body is too large');
    throw error;
  }
  const text = await limited.text();
  if (text.length > MAX_BODY_BYTES) throw new SandboxError(1009, 413, 'The request body is too large');
  if (allowEmpty && !text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SandboxError(1001, 400, 'The request is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new SandboxError(1001, 400, 'The request must be a JSON object');
  return body as Json;
}

/** A string field: bounded, without control characters; undefined when absent and not required. */
export function text(body: Json, field: string, max: number, required: true): string;
export function text(body: Json, field: string, max: number, required?: false): string | undefined;
export function text(body: Json, field: string, max: number, required = false): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw new SandboxError(1001, 400, `${field} is required`);
    return undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw new SandboxError(1001, 400, `${field} must be a string`);
  const s = String(value);
  if (s.length > max) throw new SandboxError(1001, 400, `${field} length must be at most ${max}`);
  if (/[\u0000-\u001f\u007f]/.test(s)) throw new SandboxError(1001, 400, `${field} has invalid characters`);
  return s;
}

/** An object field, or undefined when absent (null counts as absent). */
export function objectOf(body: Json, field: string): Json | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new SandboxError(1001, 400, `${field} must be an object`);
  return value as Json;
}

/** Openpay's address object: line1, postal_code, state, city and country_code required; line2 and line3 optional. */
export function readAddress(value: Json, field: string): Json {
  const line = (name: string, max: number, required: boolean): string | null => {
    try {
      return required ? text(value, name, max, true) : (text(value, name, max) ?? null);
    } catch (error) {
      if (error instanceof SandboxError) throw new SandboxError(error.code, error.httpCode, `${field}.${error.description}`);
      throw error;
    }
  };
  const address = {
    line1: line('line1', 250, true),
    line2: line('line2', 250, false),
    line3: line('line3', 250, false),
    postal_code: line('postal_code', 10, true),
    state: line('state', 100, true),
    city: line('city', 100, true),
    country_code: line('country_code', 2, true) as string,
  };
  if (!/^[A-Za-z]{2}$/.test(address.country_code)) throw new SandboxError(1001, 400, `${field}.country_code must be an ISO 3166-1 two-letter code`);
  return { ...address, country_code: address.country_code.toUpperCase() };
}

/** Openpay's list parameters: creation, creation[gte] and creation[lte] (yyyy-mm-dd, Mexico City's day), offset and limit. */
export interface ListQuery {
  createdAt?: { gte?: Date; lt?: Date };
  offset: number;
  limit: number;
}

const MEXICO_OFFSET = '-06:00';
const DAY_MS = 86_400_000;

function dayStart(url: URL, name: string): Date | undefined {
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00${MEXICO_OFFSET}`) : new Date(Number.NaN);
  if (Number.isNaN(day.getTime())) throw new SandboxError(1001, 400, `${name} must be a date in the format yyyy-mm-dd`);
  return day;
}

function count(url: URL, name: string, fallback: number, min: number, max: number): number {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) throw new SandboxError(1001, 400, `${name} must be a whole number`);
  return Math.min(Math.max(Number(value), min), max);
}

export function listQuery(url: URL): ListQuery {
  const on = dayStart(url, 'creation');
  const from = dayStart(url, 'creation[gte]');
  const to = dayStart(url, 'creation[lte]');
  const starts = [on, from].filter((d): d is Date => !!d).map((d) => d.getTime());
  const ends = [on, to].filter((d): d is Date => !!d).map((d) => d.getTime() + DAY_MS);
  const createdAt =
    starts.length || ends.length
      ? { ...(starts.length ? { gte: new Date(Math.max(...starts)) } : {}), ...(ends.length ? { lt: new Date(Math.min(...ends)) } : {}) }
      : undefined;
  return { createdAt, offset: count(url, 'offset', 0, 0, 1_000_000), limit: count(url, 'limit', 10, 1, 100) };
}

export async function findObject(tx: Pick<Tx, 'sandboxGatewayObject'>, merchantId: string, kind: string, id: string): Promise<SandboxObject | null> {
  const row = await tx.sandboxGatewayObject.findUnique({ where: { id } });
  if (!row || row.merchantId !== merchantId || row.kind !== kind) return null;
  return row as SandboxObject;
}

/** The merchant's customer, or Openpay's 1005 (404). */
export async function requireCustomer(tx: Pick<Tx, 'sandboxGatewayObject'>, merchantId: string, id: string): Promise<SandboxObject> {
  const customer = await findObject(tx, merchantId, 'customer', id);
  if (!customer) throw new SandboxError(1005, 404, `The customer with id '${id.slice(0, 45)}' does not exist`);
  return customer;
}

export async function lockCharge(tx: Tx, merchantId: string, id: string): Promise<SandboxObject> {
  await lockRow(tx, 'SandboxGatewayObject', id);
  const charge = await findObject(tx, merchantId, 'charge', id);
  if (!charge) throw new SandboxError(1005, 404, `The requested resource doesn't exist`);
  return charge;
}

/** A charged-back charge's status at Openpay, by its chargeback's state: the chargeback shows on the charge read. */
const CHARGEBACK_STATUS: Record<string, string> = { created: 'chargeback_pending', accepted: 'chargeback_accepted', rejected: 'chargeback_adjustment' };

/** The charge as Openpay answers it (the sandbox's own fields stripped; a chargeback shows in its status). */
export function publicCharge(data: Json): Json {
  const { sandbox, ...answer } = data;
  const chargeback = CHARGEBACK_STATUS[sandbox?.chargeback?.status];
  return chargeback ? { ...answer, status: chargeback } : answer;
}

export function publicCard(data: Json): Json {
  const { sandbox: _sandbox, ...answer } = data;
  return answer;
}

export function amountOf(body: Json): number {
  const raw = body.amount;
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) / 100 !== amount) {
    throw new SandboxError(1001, 400, 'amount must be a number greater than 0 with at most two decimals');
  }
  if (amount > MAX_AMOUNT) throw new SandboxError(1012, 412, 'The amount is out of the allowed limits');
  return amount;
}

export const authorizationCode = () => String(randomInt(1_000_000)).padStart(6, '0');

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ID = '([A-Za-z0-9_-]{1,64})';

/** One route of the sandbox's Openpay API, under /v1/{merchant_id}. */
export interface SandboxRoute {
  method: string;
  pattern: RegExp;
  key: 'public' | 'private';
  run: (deps: SandboxDeps, merchant: Merchant, params: string[], request: Request, url: URL) => Promise<Response | Json>;
}
