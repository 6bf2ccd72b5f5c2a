// A PAC (proveedor autorizado de certificación): stamps CFDI and cancels them before SAT.
import type { Credential } from '@nodecfdi/credentials/node';

export interface CancelRequest {
  issuerRfc: string;
  receiverRfc: string;
  uuid: string;
  /** Total as written in the CFDI ("1160.00"). */
  total: string;
  /** 01 with a substitute, 02 errors without relation, 03 not carried out, 04 global invoice operation. */
  motive: '01' | '02' | '03' | '04';
  substituteUuid?: string | null;
  credential: Credential;
}
export interface CancelResult {
  status: 'CANCELLED' | 'IN_PROCESS';
  /** SAT's acknowledgement (acuse), XML or text. */
  acknowledgement: string;
}
export interface Pac {
  name: string;
  stamp(xml: string): Promise<{ xml: string; uuid: string; stampedAt: Date }>;
  cancel(request: CancelRequest): Promise<CancelResult>;
}

/** A PAC refusal or failure; message in Spanish, shown to users. */
export class PacError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PacError';
  }
}
