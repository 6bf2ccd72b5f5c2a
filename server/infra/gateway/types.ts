// The payment gateway behind one interface (DESIGN.md section 3b): the Openpay adapter (its REST API,
// sandbox or live) and the built-in sandbox gateway, which speaks Openpay's REST shapes inside this app
// under /sandbox/openpay/v1/{merchant_id}/…, so the browser's tokenization and the server's adapter run
// the same code against either. Amounts travel as decimal strings with two decimals.

/** A community's gateway keys (the private key unsealed only to call the gateway). */
export interface GatewayAccount {
  neighborhoodId: number;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Openpay's sandbox (sandbox-api.openpay.mx) rather than its live API; the built-in sandbox is always a sandbox. */
  sandbox: boolean;
}

export interface GatewayCard {
  id: string;
  /** Masked as the gateway answers it: 411111XXXXXX1111. */
  cardNumber: string;
  /** visa, mastercard, american_express (Openpay's names). */
  brand: string;
  /** credit or debit. */
  type: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  bankName: string | null;
}

export type GatewayChargeStatus = 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'charge_pending';

/**
 * A paid charge's chargeback as the gateway's charge status shows it (Openpay: chargeback_pending → pending,
 * chargeback_accepted → accepted, chargeback_adjustment → adjustment, the chargeback resolved for the merchant).
 */
export type GatewayChargebackState = 'pending' | 'accepted' | 'adjustment';

export type GatewayPaymentMethod =
  | { type: 'store'; reference: string; barcodeUrl: string | null }
  | { type: 'bank_transfer'; clabe: string; bank: string; name: string; agreement: string | null }
  | { type: 'redirect'; url: string };

/** A charge as the gateway answers it (Openpay's transaction object). */
export interface GatewayTransaction {
  id: string;
  orderId: string | null;
  status: GatewayChargeStatus;
  method: 'card' | 'store' | 'bank_account';
  amount: string;
  authorization: string | null;
  creationDate: string;
  operationDate: string | null;
  dueDate: string | null;
  card: Pick<GatewayCard, 'cardNumber' | 'brand' | 'type'> | null;
  paymentMethod: GatewayPaymentMethod | null;
  errorCode: number | null;
  errorMessage: string | null;
  /** Set when the charge has a chargeback (its `status` is then completed: the charge was paid). */
  chargeback?: GatewayChargebackState;
  /** The charge's refund, when it has one (Openpay's status refunded, read as cancelled). */
  refund?: { id: string; amount: string; operationDate: string | null };
}

export interface ChargeRequest {
  /** Our Charge id: Openpay refuses a second charge with the same order_id (error 1006). */
  orderId: string;
  method: 'card' | 'store' | 'bank_account';
  amount: string;
  description: string;
  /** card: a token id (new card) or a saved card's id. */
  sourceId?: string;
  /** A saved card's customer (charges are then made on the customer). */
  customerId?: string;
  deviceSessionId?: string;
  /** Interest-free months (payment_plan.payments). */
  msi?: number;
  /** 3-D Secure: the gateway answers a redirect to its authentication page, which returns to redirectUrl. */
  use3dSecure?: boolean;
  redirectUrl?: string;
  /** store and bank references: when the reference expires (ISO date-time). */
  dueDate?: string;
  /** card: false only authorizes the amount (in_progress) until capture() or refund(). */
  capture?: boolean;
  customer?: { name: string; lastName?: string | null; email: string; phoneNumber?: string | null };
}

/** A gateway's refusal, with Openpay's error_code (1000–6003; see core/gatewayErrors.ts). */
export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    readonly category: 'request' | 'gateway' | 'internal' = 'gateway',
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** The gateway did not answer (timeout, network): the outcome of the call is unknown. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'La pasarela de pago no respondió') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** A webhook notification, once its request was authenticated. */
export interface GatewayEvent {
  /** Unique per event: a repeat of the same id changes nothing. */
  id: string;
  /** charge.succeeded, charge.failed, charge.cancelled, chargeback.created, chargeback.rejected, chargeback.accepted, … */
  type: string;
  eventDate: string;
  transaction: GatewayTransaction | null;
  /**
   * Chargeback events (chargeback.created / .rejected / .accepted): the chargeback's own id at the gateway;
   * `transaction` is then the original charge. Null for other events. Like the rest of the body, only a claim:
   * the receiver reads the charge again (GatewayTransaction.chargeback) before it acts.
   */
  chargebackId: string | null;
}

export interface PaymentGateway extends PayoutGateway {
  /** Shown in the wallet panel. */
  readonly name: string;
  /** Where the browser tokenizes cards: `${tokenBaseUrl}/v1/${merchantId}/tokens` with the public key. */
  tokenBaseUrl(account: GatewayAccount): string;
  createCustomer(
    account: GatewayAccount,
    customer: { externalId: string; name: string; lastName?: string | null; email: string },
  ): Promise<{ id: string; clabe: string | null }>;
  addCard(account: GatewayAccount, customerId: string, card: { tokenId: string; deviceSessionId?: string }): Promise<GatewayCard>;
  deleteCard(account: GatewayAccount, customerId: string, cardId: string): Promise<void>;
  charge(account: GatewayAccount, request: ChargeRequest): Promise<GatewayTransaction>;
  getCharge(account: GatewayAccount, transactionId: string, customerId?: string | null): Promise<GatewayTransaction>;
  /** Completes a card charge made with capture: false, for its amount or less (Openpay's POST …/charges/{id}/capture). */
  capture(account: GatewayAccount, transactionId: string, options?: { amount?: string; customerId?: string | null }): Promise<GatewayTransaction>;
  /**
   * Gives back a completed card charge's money, all of it or `amount` (Openpay's POST …/charges/{id}/refund); on a
   * charge only authorized it releases the amount instead. The answer is the charge: cancelled, with its `refund`.
   */
  refund(
    account: GatewayAccount,
    transactionId: string,
    options?: { amount?: string; description?: string; customerId?: string | null },
  ): Promise<GatewayTransaction>;
  /**
   * The charge made with our order id, if the gateway has one (recovering a charge whose answer was lost).
   * Pass the customer of a charge made on a saved card's customer: Openpay lists those under the customer.
   */
  findChargeByOrderId(account: GatewayAccount, orderId: string, customerId?: string | null): Promise<GatewayTransaction | null>;
  /**
   * Authenticates a webhook request (HTTP Basic with the community's webhook credentials, see
   * webhookCredentials) and parses it; throws GatewayError(401) when it is not genuine.
   */
  parseWebhook(account: GatewayAccount, headers: Headers, body: string): GatewayEvent;
}

// ---- Payouts (withdrawals: money from the merchant's gateway balance to a bank account or debit card) ----
//
// Openpay: POST /v1/{merchant_id}/payouts with method bank_account (bank_account {clabe, holder_name}) or
// card (card {card_number, holder_name}), amount, description and order_id; the answer is a transaction
// (transaction_type payout) in_progress that later becomes completed or failed. GET /payouts/{id} reads
// it again, GET /payouts?order_id= finds the one made with our order id (a lost answer). Webhooks report
// payout.succeeded / payout.failed with the payout as `transaction` (GatewayEvent.transaction: its id is
// the payout's id); the receiver re-reads the payout with getPayout instead of trusting the body.

export type GatewayPayoutStatus = 'in_progress' | 'completed' | 'failed';

export type PayoutDestination = { type: 'bank_account'; clabe: string; holderName: string } | { type: 'card'; cardNumber: string; holderName: string };

export interface PayoutRequest {
  /** Our Withdrawal's order id: the gateway refuses a second payout with the same order_id (error 1006). */
  orderId: string;
  amount: string;
  description: string;
  destination: PayoutDestination;
}

/** A payout as the gateway answers it. */
export interface GatewayPayout {
  id: string;
  orderId: string | null;
  status: GatewayPayoutStatus;
  method: 'bank_account' | 'card';
  amount: string;
  creationDate: string;
  operationDate: string | null;
  errorCode: number | null;
  errorMessage: string | null;
}

export interface PayoutGateway {
  payout(account: GatewayAccount, request: PayoutRequest): Promise<GatewayPayout>;
  getPayout(account: GatewayAccount, payoutId: string): Promise<GatewayPayout>;
  /** The payout made with our order id, if the gateway has one (recovering a payout whose answer was lost). */
  findPayoutByOrderId(account: GatewayAccount, orderId: string): Promise<GatewayPayout | null>;
}
