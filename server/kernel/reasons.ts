// The one catalogue of refusals: every expected failure names a stable, machine-readable reason
// (UPPER_SNAKE) and carries its Spanish message (and the spec's numeric code where it has one). Error
// classes (kernel/errors.ts) take a reason: `throw new ConflictError('RECEIPT_ALREADY_PAID')`, or
// `reason('STREET_NAME_TAKEN', { name })` for a message with values. GraphQL shows the reason as
// extensions.reason and as the `reason` field of typed errors; REST keeps the legacy envelope
// (`code`, `description`) unchanged (docs/decisions.md). A new refusal adds its entry here.
import { INVITATION_INVALID as INVITATION_INVALID_MESSAGE } from '../../core/account.js';
import { SIGNUP_CODE_INVALID as SIGNUP_CODE_INVALID_MESSAGE } from '../../core/activation.js';
import { AGREEMENT_MESSAGES } from '../../core/agreements.js';
import { EXPENSE_MESSAGES } from '../../core/expenses.js';
import { FEED_MESSAGES } from '../../core/feed.js';
import { CSD_MESSAGES } from '../../core/fiscal.js';
import { PAYMENT_MESSAGES, SAVED_CARD_GONE_CODE, TOO_MANY_ATTEMPTS_CODE } from '../../core/payments.js';
import { RECEIPT_ALREADY_PAID as RECEIPT_ALREADY_PAID_MESSAGE } from '../../core/receipts.js';
import { VEHICLE_MESSAGES } from '../../core/vehicles.js';
import { VISITOR_MESSAGES } from '../../core/visitors.js';

/** The spec's own numeric codes (spec 1 section 8, spec 2 section 8). */
export const LEGACY_CODES = {
  /** Receipts: the receipt was paid before this action (spec 1 section 8). */
  receiptAlreadyPaid: 2079,
  /** Payments: charge failure with a saved card; the page reloads. */
  savedCardChargeFailed: 2080,
  /** Card gateway: 3-D Secure, the message is the address to redirect to. */
  gatewayRedirect: 3005,
} as const;

/** The sandbox's refusals of a simulated SPEI (its Openpay error codes), in the screen's words. */
const SPEI_SIMULATION_MESSAGES: Record<number, string> = {
  1001: 'La pasarela rechazó los datos de la transferencia (la CLABE o el monto)',
  1005: 'La CLABE ya no existe en la pasarela',
  1012: 'El monto está fuera de los límites que acepta la pasarela',
};

type Template<P> = (params: P) => string;
interface Entry {
  readonly message: string | Template<never>;
  /** The legacy numeric code when it is not the error class's own (HTTP-like) code. */
  readonly code?: number;
}

export const REASONS = {
  // Generic refusals: an error class without a reason of its own.
  INVALID_INPUT: { message: 'Algunos datos de la solicitud no son válidos' },
  UNAUTHENTICATED: { message: 'Tu sesión ha terminado. Inicia sesión de nuevo' },
  SIGN_IN_FAILED: { message: 'El correo electrónico o la contraseña no son correctos' },
  FORBIDDEN: { message: 'No tienes permiso para realizar esta acción' },
  NOT_FOUND: { message: 'El registro solicitado no existe' },
  IDEMPOTENCY_KEY_REUSED: { message: 'Esta clave de idempotencia ya se usó con otra solicitud' },
  RATE_LIMITED: { message: 'Demasiados intentos. Intenta de nuevo más tarde' },
  SERVICE_UNAVAILABLE: { message: 'El servicio no está disponible en este momento. Intenta más tarde' },
  INTERNAL_ERROR: { message: 'Ocurrió un error inesperado' },

  // Every other refusal (alphabetical); a message with values is a template of its parameters.
  ACCOUNT_ATTEMPTS_IN_PROGRESS: { message: 'Hay demasiados intentos en curso para esta cuenta. Intenta de nuevo en un momento' },
  ACCOUNT_NOT_FOUND: { message: 'La cuenta no existe' },
  ADMIN_GRANTS_NOT_HELD: { message: 'No puedes asignar ni modificar un rol con permisos de administración que tú no tienes' },
  ADMIN_USER_EMAIL_TAKEN: { message: (p: { email: string }) => `Ya existe un usuario de administración con el correo ${p.email}` },
  ADMIN_USER_MAIL_LIMIT: { message: (p: { email: string }) => `Ya enviamos varios correos a ${p.email} en la última hora. Intenta más tarde` },
  AGREEMENT_ALREADY_CANCELLED: { message: AGREEMENT_MESSAGES.alreadyCancelled },
  AGREEMENT_CONCEPT_MISSING: { message: 'La comunidad no tiene configurado el concepto de convenios' },
  AGREEMENT_DEBT_CHANGED: { message: AGREEMENT_MESSAGES.debtChanged },
  AGREEMENT_NOT_FOUND: { message: AGREEMENT_MESSAGES.notFound },
  AGREEMENT_NO_DEBT: { message: AGREEMENT_MESSAGES.noDebt },
  AGREEMENT_RECEIPT_PAYMENT_PENDING: { message: AGREEMENT_MESSAGES.receiptInProcess },
  ALREADY_HOUSE_OWNER: { message: 'Esa persona ya es la propietaria de la propiedad' },
  AMENITY_DISABLED_NOT_DELETABLE: { message: 'Solo se puede eliminar un espacio común habilitado: habilítalo primero' },
  AMENITY_NAME_TAKEN: { message: (p: { name: string }) => `Ya existe un espacio común llamado ${p.name}` },
  AMENITY_BOOKING_CANCELLED: { message: 'La reservación ya fue cancelada' },
  AMENITY_BOOKING_NOT_FOUND: { message: 'La reservación no existe' },
  AMENITY_BOOKING_NOT_YOURS: { message: 'Solo quien reservó, el propietario de la propiedad o la administración pueden cancelar la reservación' },
  AMENITY_BOOKING_PAYMENT_UNDER_WAY: { message: 'La reservación tiene un pago en proceso o en revisión' },
  AMENITY_BOOKING_PAID: { message: 'La reservación ya fue pagada: solo la administración puede cancelarla' },
  AMENITY_BOOKING_PAST: { message: 'Solo se cancelan reservaciones que aún no empiezan' },
  AMENITY_BOOKING_RECEIPT: { message: 'El recibo es de una reservación vigente: cancela la reservación antes de eliminarlo o quitar su pago' },
  AMENITY_BOOKING_REFUSED: { message: (p: { refusal: string }) => p.refusal },
  AMENITY_DEPOSIT_NONE: { message: 'No se devolvió el depósito: la reservación no tiene depósito' },
  AMENITY_DEPOSIT_UNPAID: { message: 'No se devolvió el depósito: aún no ha sido pagado' },
  AMENITY_DEPOSIT_RETURNED: { message: 'No se devolvió el depósito: ya había sido devuelto' },
  AMENITY_DEPOSIT_HELD: { message: 'No se devolvió el depósito: la reservación sigue pendiente de pago' },
  AMENITY_DEPOSIT_RECEIPT_RETURNED: {
    message: 'El depósito de este recibo ya fue devuelto al saldo de la propiedad: su pago no se puede quitar ni el recibo eliminar',
  },
  AMENITY_CONCEPT_MISSING: { message: 'La comunidad no tiene el concepto de cobro de reservaciones' },
  AMENITY_NOT_FOUND: { message: 'El espacio común no existe' },
  AMENITY_SLOT_TAKEN: { message: 'El horario pudo ser apartado por alguien más, intenta nuevamente' },
  ATTACHMENTS_LIMIT: { message: (p: { max: number }) => `Un egreso admite como máximo ${p.max} archivos adjuntos` },
  ATTACHMENT_NOT_FOUND: { message: 'El archivo adjunto no existe' },
  ATTACHMENT_STATUS_NOT_DELETABLE: { message: 'Solo se pueden eliminar archivos de egresos nuevos, editados o rechazados' },
  ATTEMPTS_IN_PROGRESS: { message: 'Hay demasiados intentos en curso. Intenta de nuevo en un momento' },
  ATTEMPTS_LIMIT_REACHED: { message: (p: { minutes: number }) => `Demasiados intentos. Intenta de nuevo en ${p.minutes} minutos` },
  CARD_GATEWAY_REFUSED: { message: (p: { message: string }) => p.message },
  CARD_GATEWAY_UNAVAILABLE: { message: 'La pasarela de pago no respondió. Intenta de nuevo en unos minutos', code: 503 },
  CARD_NOT_FOUND: { message: 'La tarjeta no existe' },
  CARD_NOT_REMOVED: { message: 'No logramos eliminar la tarjeta' },
  CHAT_BLOCKED: { message: 'No es posible enviar mensajes en esta conversación' },
  CHAT_CANNOT_BLOCK: { message: 'Esta conversación ya está bloqueada o la invitación es tuya: cancélala en su lugar' },
  CHAT_CANNOT_DELETE: { message: 'Solo se elimina una conversación cuando ambas personas la aceptaron' },
  CHAT_MESSAGE_NOT_FOUND: { message: 'El mensaje no existe' },
  CHAT_NOT_FOUND: { message: 'La conversación no existe' },
  CHAT_NOT_PENDING: { message: 'Solo se cancela una invitación que tú enviaste y que no ha sido respondida' },
  CHAT_PERSON_GONE: { message: 'Ya no compartes una comunidad con esta persona' },
  CHAT_PERSON_NOT_FOUND: { message: 'La persona no existe o no comparte una comunidad contigo' },
  CHAT_SELF: { message: 'No puedes iniciar una conversación contigo mismo' },
  CFDI_ALREADY_CANCELLED: { message: 'La factura ya fue cancelada' },
  CFDI_COMPLEMENT_ADMIN_ONLY: { message: 'Solo la administración puede cancelar un complemento de pago' },
  CFDI_FOREIGN: { message: 'Solo puedes cancelar las facturas de tu propiedad' },
  CFDI_FOREIGN_RECEIPT: { message: 'Solo puedes facturar los recibos de tu propiedad' },
  CFDI_GLOBAL_ADMIN_ONLY: { message: 'Solo la administración puede cancelar una factura global' },
  CFDI_HAS_VALID_COMPLEMENTS: { message: 'La factura tiene complementos de pago vigentes: cancélalos antes de cancelar la factura' },
  CFDI_NOT_CANCELLABLE: { message: 'Solo se cancelan facturas timbradas' },
  CFDI_PAID_INVOICE_NOT_VALID: { message: 'La factura que paga este complemento ya no está vigente' },
  CFDI_PAID_INVOICE_SETTLED: { message: 'La factura ya está pagada por completo' },
  CFDI_NOT_FOUND: { message: 'La factura no existe' },
  CFDI_NO_ACKNOWLEDGEMENT: { message: 'La factura no tiene acuse de cancelación' },
  CFDI_NO_DOCUMENT: { message: 'La factura no tiene archivo: solo las facturas timbradas o canceladas lo tienen' },
  CFDI_NO_GLOBAL_RECEIPTS: { message: 'No hay recibos pagados sin factura en ese mes' },
  CFDI_RECEIPT_CREDITS_WALLET: { message: 'Este recibo abonó su monedero: se factura el recibo que pague con ese saldo' },
  CFDI_RECEIPT_NOT_PAID: { message: 'Solo se facturan recibos pagados' },
  CFDI_RECEIPT_ZERO_AMOUNT: { message: 'El recibo no tiene un monto por facturar' },
  CFDI_XML_UNREADABLE: { message: 'El XML guardado de la factura no se puede leer, así que no se puede generar su PDF: descarga el XML' },
  CFDI_ZIP_EMPTY: { message: 'No hay facturas timbradas en el periodo' },
  CHARGE_IN_PROGRESS: { message: PAYMENT_MESSAGES.chargeInProgress },
  CHARGE_NOT_FOUND: { message: 'El recibo no tiene un pago con esa transacción' },
  COMMUNITY_NOT_CHOSEN: { message: 'Elige una comunidad para continuar' },
  COMMUNITY_NOT_FOUND: { message: 'La comunidad solicitada no existe' },
  CONCEPT_NOT_FOUND: { message: 'El concepto no existe' },
  CSD_EXPIRED: { message: (p: { date: string }) => `El certificado de sello digital de la comunidad venció el ${p.date}` },
  CSD_MISSING: { message: 'La comunidad no tiene un certificado de sello digital (CSD); cárgalo en Configuración › Datos fiscales' },
  CSD_NOT_YET_VALID: { message: (p: { date: string }) => `El certificado de sello digital de la comunidad será válido a partir del ${p.date}` },
  DEVICE_NOT_FOUND: { message: 'El dispositivo no existe o ya cerró su sesión' },
  DOMAIN_TAKEN: { message: (p: { domain: string | null | undefined }) => `El dominio ${p.domain} ya está en uso` },
  EMAIL_NOT_VERIFIED: { message: 'Verifica tu correo electrónico antes de registrar personas' },
  EMAIL_TAKEN: { message: 'Ya existe una cuenta con ese correo electrónico' },
  EXPENSE_ALREADY_DECIDED: { message: EXPENSE_MESSAGES.alreadyDecided },
  EXPENSE_ALREADY_GROUPED: { message: (p: { name: string }) => `El egreso ${p.name} ya pertenece a un grupo` },
  EXPENSE_APPROVAL_NOT_REQUESTABLE: { message: EXPENSE_MESSAGES.cannotAsk },
  EXPENSE_CFDI_ALREADY_PROCESSED: { message: 'El CFDi seleccionado ya fué procesado antes' },
  EXPENSE_CFDI_NOT_ACCEPTED: { message: 'Solo los egresos aprobados que aún no tienen factura aceptan un CFDi' },
  EXPENSE_CFDI_NOT_DELETABLE: { message: 'El CFDi de un egreso no se puede eliminar de sus archivos adjuntos' },
  EXPENSE_CFDI_NOT_FOUND: { message: 'El CFDi seleccionado no existe' },
  EXPENSE_CONCEPT_ID_TAKEN: {
    message: (p: { internalId: string; concept: string }) => `El identificador interno ${p.internalId} ya es del concepto ${p.concept}`,
  },
  EXPENSE_CONCEPT_NAME_TAKEN: { message: (p: { concept: string }) => `Ya existe un concepto de egreso llamado ${p.concept}` },
  EXPENSE_CONCEPT_NOT_FOUND: { message: 'El concepto de egreso no existe' },
  /** The decision rules of core/expenses.ts (decideRefusal) say why, in their own words. */
  EXPENSE_DECISION_REFUSED: { message: (p: { message: string }) => p.message },
  EXPENSE_DELETED_NO_ATTACHMENTS: { message: 'El egreso está eliminado: ya no admite archivos' },
  EXPENSE_GROUP_FOLIO_NUMBER_TAKEN: {
    message: (p: { serie: string | null; folio: number }) => `El folio ${p.serie ? `${p.serie}-` : ''}${p.folio} ya es de otro grupo de egresos`,
  },
  EXPENSE_GROUP_FOLIO_TAKEN: { message: 'El folio ya es de otro grupo de egresos' },
  EXPENSE_NOT_CHARGEABLE: { message: EXPENSE_MESSAGES.cannotCharge },
  EXPENSE_NOT_DELETABLE: { message: EXPENSE_MESSAGES.notDeletable },
  EXPENSE_NOT_EDITABLE: { message: EXPENSE_MESSAGES.notEditable },
  EXPENSE_NOT_FOUND: { message: 'El egreso no existe' },
  EXPENSE_NOT_GROUPABLE: {
    message: (p: { name: string; deleted: boolean }) => `El egreso ${p.name} está ${p.deleted ? 'eliminado' : 'rechazado'} y no se puede agrupar`,
  },
  EXPENSE_NOT_PAYABLE: { message: EXPENSE_MESSAGES.cannotPay },
  EXPENSE_NO_APPROVERS: { message: EXPENSE_MESSAGES.noApprovers },
  EXPENSE_OWN_ONLY_APPROVER: { message: EXPENSE_MESSAGES.ownExpenseOnlyApprover },
  EXPENSE_UNAVAILABLE_FOR_WITHDRAWAL: {
    message:
      'Uno de los egresos elegidos ya no está disponible para un retiro (otro retiro lo incluyó o cambió su estado). Actualiza la lista e intenta de nuevo',
  },
  EXPORT_CHANGED: { message: 'La exportación cambió mientras se generaba' },
  EXPORT_NOT_FOUND: { message: 'La exportación no existe' },
  EXPORT_NOT_PROCESSED: { message: 'Solo una exportación procesada puede marcarse como subida' },
  EXPORT_PROCESSING: { message: 'La exportación se está generando; podrás eliminarla cuando termine' },
  EXTERNAL_PAYMENT_SHORT: { message: (p: { received: string; expected: string }) => `El monto del pago ($${p.received}) no cubre el recibo ($${p.expected})` },
  FISCAL_INFORMATION_CHANGED: { message: 'Los datos fiscales cambiaron mientras se cargaba el certificado; recarga y vuelve a intentar' },
  FISCAL_INFORMATION_MISSING: { message: CSD_MESSAGES.noFiscalInformation },
  FISCAL_NOT_CONFIGURED: {
    message: 'La comunidad no tiene completos sus datos fiscales y su certificado de sello digital (CSD); complétalos en Configuración › Datos fiscales',
  },
  FOREIGN_AGREEMENT: { message: 'Solo puedes consultar los convenios de tu propiedad' },
  FOREIGN_BALANCE: { message: 'Solo puedes consultar los saldos de tu propiedad' },
  FOREIGN_CARD: { message: 'Solo puedes administrar las tarjetas de tu propiedad' },
  FOREIGN_HOUSE: { message: 'Solo puedes consultar tu propiedad' },
  FOREIGN_PAYMENT_HOUSE: { message: 'Solo puedes registrar pagos de tu propiedad' },
  FOREIGN_PERSON: { message: (p: { email: string }) => `${p.email} ya tiene cuenta: sus datos los actualiza la persona desde «Mis datos»` },
  FOREIGN_RECEIPT: { message: 'Solo puedes consultar los recibos de tu propiedad' },
  FOREIGN_RESIDENTS: { message: 'Solo puedes administrar los habitantes de tu propiedad' },
  FOREIGN_TAX_INFO: { message: 'Solo puedes consultar o modificar los datos fiscales de tu propiedad' },
  HOUSE_ALREADY_REGISTERED: { message: 'Esta propiedad ya está registrada; contacta a tu administración' },
  HOUSE_BLOCKED: { message: 'La propiedad está bloqueada' },
  HOUSE_CATASTRAL_TAKEN: { message: (p: { catastral: string | null }) => `Ya existe una propiedad con la clave catastral ${p.catastral}` },
  HOUSE_CATASTRAL_TAKEN_ON_REACTIVATION: {
    message: (p: { catastral: string | null }) => `Ya existe una propiedad con la clave catastral ${p.catastral}; cambia una de las dos antes de reactivar`,
  },
  HOUSE_DELETED: { message: 'La propiedad está eliminada' },
  HOUSE_DELETED_NOT_EDITABLE: { message: 'La propiedad está eliminada; reactívala para editarla' },
  HOUSE_DELETED_OWNER_UNCHANGEABLE: { message: 'La propiedad está eliminada; reactívala para cambiar su propietario' },
  HOUSE_LOCKED: { message: (p: { name: string }) => `Esta propiedad está siendo editada por ${p.name}` },
  HOUSE_NOT_FOUND: { message: 'La propiedad no existe' },
  HOUSE_NOT_UNLOCKED: { message: 'El registro no pudo ser desbloqueado' },
  HOUSE_TAX_INFO_INVALID: { message: (p: { issues: string }) => `Los datos fiscales de la propiedad no permiten facturar: ${p.issues}` },
  HOUSE_TAX_INFO_MISSING: { message: 'La propiedad no tiene datos fiscales; regístralos en Datos fiscales para facturar el recibo' },
  HOUSE_TAX_INFO_NOT_FOUND: { message: 'La propiedad no tiene datos fiscales' },
  /** The status rules of core/houseRules.ts (transition) say why, in their own words. */
  HOUSE_TRANSITION_REFUSED: { message: (p: { message: string }) => p.message },
  HOUSE_TYPE_IN_USE: { message: (p: { title: string }) => `No logramos eliminar el tipo de propiedad ${p.title}. Recarga y vuelve a intentar` },
  HOUSE_TYPE_NAME_TAKEN: { message: (p: { title: string }) => `Ya existe un tipo de propiedad llamado ${p.title}` },
  HOUSE_TYPE_NOT_FOUND: { message: 'El tipo de propiedad no existe' },
  HOUSE_WITHOUT_OWNER_FOR_EMAIL: { message: 'La propiedad no tiene propietario a quien enviar el correo' },
  HOUSE_WITHOUT_OWNER_FOR_INSTRUCTIONS: { message: 'La propiedad no tiene propietario a quien enviar las instrucciones' },
  INCOME_ACCOUNT_NUMBER_TAKEN: { message: (p: { account: string }) => `La cuenta ${p.account} ya tiene ese número` },
  INCOME_CONCEPT_NAME_TAKEN: { message: (p: { description: string }) => `Ya existe un concepto llamado ${p.description}` },
  INCOME_CONCEPT_NOT_DELETABLE: { message: (p: { description: string }) => `El concepto ${p.description} no se puede eliminar` },
  INVITATION_HOUSE_UNAVAILABLE: { message: 'La propiedad de esta invitación ya no está disponible' },
  INVITATION_INVALID: { message: INVITATION_INVALID_MESSAGE },
  INVOICING_DISABLED: { message: 'La facturación no está activa en esta comunidad' },
  LAST_ADMINISTRATOR: { message: 'La comunidad debe conservar al menos un Administrador' },
  MAIL_NOT_DELIVERED: { message: 'No logramos entregar el email' },
  MAINTENANCE_CONCEPTS_MISSING: { message: 'La comunidad no tiene configurados sus conceptos y monederos' },
  MAINTENANCE_NOT_DELETABLE: { message: 'Solo se puede eliminar un mantenimiento cuyos recibos no se han generado' },
  MAINTENANCE_NOT_FOUND: { message: 'El mantenimiento no existe' },
  MAINTENANCE_RECEIPTS_NOT_FOUND: { message: 'Uno de los recibos no pertenece a este mantenimiento' },
  MAINTENANCE_PERIOD_TAKEN: { message: 'El mantenimiento de ese periodo ya existe' },
  MAINTENANCE_SETTINGS_MISSING: { message: 'Configura el mantenimiento (día de corte y cuotas) antes de generar cuotas' },
  MASSIVE_LOAD_ERRORS: { message: 'La carga masiva tiene errores; no se importó ninguna propiedad' },
  MEASUREMENTS_MISSING: {
    message: (p: { count: number }) => (p.count === 1 ? 'Falta capturar la medición de 1 propiedad' : `Falta capturar la medición de ${p.count} propiedades`),
  },
  MEASUREMENTS_SHEET_ERRORS: {
    message: (p: { count: number }) => `La hoja de mediciones tiene ${p.count === 1 ? '1 error' : `${p.count} errores`}; no se guardó ninguna medición`,
  },
  MEASUREMENT_MISSING: { message: (p: { house: string }) => `Falta capturar la medición de la propiedad ${p.house}` },
  MEMBERSHIP_NOT_FOUND: { message: 'La cuenta no existe o ya no tienes acceso a ella' },
  NO_COMMUNITY_ACCESS: { message: 'No tienes acceso a esta comunidad' },
  NO_HOUSE_ACCESS: { message: 'No tienes acceso a esa propiedad' },
  ONBOARDING_CLOSED: { message: 'Esta comunidad no admite el registro de propietarios' },
  ONBOARDING_EMAIL_HAS_ACCOUNT: { message: 'Ya existe una cuenta con ese correo; inicia sesión y pide a tu administración que te asigne la propiedad' },
  ONBOARDING_EMAIL_REGISTERING: { message: 'Ese correo se está registrando en este momento; espera unos segundos e intenta de nuevo' },
  ONBOARDING_PAUSED: { message: 'El registro de propietarios está pausado por la administración' },
  ONLINE_PAYMENTS_DISABLED: { message: PAYMENT_MESSAGES.noOnlinePayments },
  OPERATION_IN_PROGRESS: { message: 'Esta operación ya se está procesando; espera su respuesta' },
  ORDINARY_WALLET_MISSING: { message: 'La comunidad no tiene configurado su monedero ordinario' },
  OWNER_ALREADY_ACTIVE: { message: 'El propietario ya activó su cuenta' },
  OWNER_ROLE_MISSING: { message: 'La comunidad no tiene el rol de propietario' },
  OWN_ACCESS_UNCHANGEABLE: { message: 'No puedes cambiar tu propio acceso; pídelo a quien te registró' },
  OWN_ACCESS_UNDELETABLE: { message: 'No puedes eliminar tu propio acceso' },
  OWN_ROLE_UNCHANGEABLE: { message: 'No puedes cambiar tu propio rol' },
  PAC_REFUSED: { message: (p: { message: string }) => p.message },
  PASSWORD_ALREADY_SET: { message: (p: { email: string }) => `${p.email} ya creó su contraseña; no necesita el código de registro` },
  PASSWORD_CODE_INVALID: { message: 'El enlace para elegir tu contraseña no es válido o ya venció. Solicita uno nuevo' },
  /** A decline in the gateway's words; the error carries the gateway's code. */
  PAYMENT_DECLINED: { message: (p: { message: string }) => p.message },
  PAYMENT_GATEWAY_UNAVAILABLE: { message: 'La pasarela de pago no respondió. Intenta de nuevo en unos minutos', code: 1004 },
  PAYMENT_TOO_MANY_ATTEMPTS: { message: PAYMENT_MESSAGES.tooManyAttempts, code: TOO_MANY_ATTEMPTS_CODE },
  POST_ALREADY_VOTED: { message: FEED_MESSAGES.alreadyVoted },
  POST_COMMENTS_OFF: { message: FEED_MESSAGES.commentsOff },
  POST_COMMENT_NOT_FOUND: { message: 'El comentario no existe' },
  POST_EXPIRED: { message: 'La encuesta ya terminó' },
  POST_NOT_A_POLL: { message: 'La publicación no es una encuesta' },
  POST_NOT_FOUND: { message: 'La publicación no existe' },
  POST_OPTION_NOT_FOUND: { message: 'La opción no existe' },
  PROFILE_SELF_ONLY: { message: (p: { email: string }) => `El nombre y el correo de ${p.email} solo los puede cambiar su titular desde Mis datos` },
  PROVIDER_NOT_FOUND: { message: 'El proveedor no existe' },
  PROVIDER_RFC_TAKEN: { message: (p: { rfc: string; name: string }) => `Ya existe un proveedor con el RFC ${p.rfc} en la comunidad: ${p.name}` },
  RECEIPTS_NOT_FOUND: { message: 'Uno de los recibos no existe en esta propiedad' },
  RECEIPTS_PAYMENT_PENDING: { message: 'Uno de los recibos tiene un pago en proceso o en revisión' },
  RECEIPT_ALREADY_INVOICED: { message: 'El recibo ya tiene una factura vigente' },
  RECEIPT_ALREADY_PAID: { message: RECEIPT_ALREADY_PAID_MESSAGE, code: LEGACY_CODES.receiptAlreadyPaid },
  RECEIPT_HAS_VALID_COMPLEMENT: { message: 'El pago tiene un complemento de pago vigente: cancela el complemento antes de quitar el pago' },
  RECEIPT_HAS_VALID_INVOICE: { message: 'El recibo tiene una factura vigente: cancela la factura antes de quitar el pago o eliminar el recibo' },
  RECEIPT_IN_AGREEMENT: { message: 'El recibo es parte de un convenio: cancela el convenio para eliminar sus recibos pendientes' },
  RECEIPT_NOT_EXTERNALLY_PAID: { message: 'El recibo no fue pagado con un pago externo' },
  RECEIPT_NOT_FOUND: { message: 'El recibo no existe' },
  RECEIPT_NOT_IN_REVIEW: { message: 'El recibo no está en revisión' },
  RECEIPT_NOT_MATCHABLE: { message: 'El recibo tiene un pago en proceso' },
  RECEIPT_NOT_WALLET_PAID: { message: 'El recibo no fue pagado con el Monedero' },
  RECEIPT_NO_DISCOUNT_RULE: { message: 'El recibo no tiene un descuento configurado' },
  RECEIPT_NO_PENALTY_RULE: { message: 'El recibo no tiene una multa configurada' },
  RECEIPT_NO_PENDING_REFERENCE: { message: 'El recibo no tiene una referencia de pago pendiente' },
  RECEIPT_PAYMENT_FORBIDDEN: { message: 'No tienes permiso para aplicar pagos a recibos' },
  RECEIPT_PAYMENT_PENDING: { message: 'El recibo tiene un pago en proceso o en revisión' },
  REGISTRATIONS_BUSY: { message: 'Hay muchos registros en este momento; intenta de nuevo en unos segundos' },
  REGISTRATIONS_LIMIT_REACHED: { message: 'Demasiados registros desde tu conexión. Intenta de nuevo más tarde' },
  RESEND_LIMIT_REACHED: { message: 'Ya reenviamos este correo varias veces. Revisa tu bandeja de spam o intenta más tarde' },
  RESEND_WAIT: { message: (p: { seconds: number }) => `Espera ${p.seconds} segundos antes de volver a reenviar el correo` },
  REQUEST_TOO_LARGE: { message: 'La solicitud es demasiado grande' },
  RESIDENT_ALREADY_IN: { message: (p: { email: string }) => `${p.email} ya tiene acceso a esta propiedad` },
  RESIDENT_IS_OWNER: { message: (p: { email: string }) => `${p.email} es el propietario de esta propiedad` },
  RESIDENT_NOT_DELETABLE: { message: (p: { name: string }) => `No se ha logrado eliminar el acceso a ${p.name}` },
  RESIDENT_NOT_FOUND: { message: 'El habitante no existe' },
  RESIDENT_NOT_MODIFIABLE: { message: (p: { name: string }) => `No puedes modificar a ${p.name}; pídelo a la administración` },
  REVISION_POINT_NAME_TAKEN: { message: (p: { name: string }) => `Ya existe un punto de revisión llamado ${p.name}` },
  REVISION_POINT_HAS_APPOINTMENTS: { message: 'El punto de revisión tiene citas programadas; cancélalas o espera a que pasen antes de eliminarlo' },
  REVISION_POINT_NOT_FOUND: { message: 'El punto de revisión no existe' },
  REVISION_SPACE_COMPLETED: { message: 'La cita ya fue marcada como completada' },
  REVISION_SPACE_NOT_FOUND: { message: 'La cita no existe' },
  // The amenities' words; the spec answers a taken inspection space with 410.
  REVISION_SPACE_TAKEN: { message: VEHICLE_MESSAGES.spaceTaken, code: 410 },
  ROLE_NOT_ASSIGNABLE: { message: (p: { role: string }) => `No puedes asignar el rol ${p.role}; pídelo a la administración` },
  SAVED_CARD_GONE: { message: PAYMENT_MESSAGES.savedCardGone, code: SAVED_CARD_GONE_CODE },
  SERVICE_CHARGE_REFUSED: { message: (p: { house: string; message: string }) => `Propiedad ${p.house}: ${p.message}` },
  SERVICE_CONCEPT_IN_USE: { message: 'El concepto se usa en un servicio medido: quítalo del servicio antes de eliminarlo' },
  SERVICE_HAS_PERIODS: { message: 'El servicio tiene periodos registrados: no se puede eliminar' },
  SERVICE_NOT_FOUND: { message: 'El servicio no existe' },
  SERVICE_PERIOD_APPLIED: { message: 'No se puede eliminar un periodo cuyos recibos ya se generaron' },
  SERVICE_PERIOD_MEASUREMENTS_FINISHED: { message: 'Las mediciones de este periodo ya se finalizaron' },
  SERVICE_PERIOD_NOT_COMPLETED: { message: 'Finaliza las mediciones del periodo antes de generar sus recibos' },
  SERVICE_PERIOD_NOT_EDITABLE: { message: 'Solo se puede modificar un periodo nuevo o con las mediciones iniciadas' },
  SERVICE_PERIOD_NOT_FOUND: { message: 'El periodo no existe' },
  SERVICE_PERIOD_NOT_READY: { message: 'Inicia las mediciones del periodo antes de capturarlas' },
  SERVICE_PERIOD_PENDING: { message: 'El servicio ya tiene un periodo pendiente: aplica o elimina ese periodo antes de registrar otro' },
  SHARED_FILE_NOT_FOUND: { message: 'El archivo no existe' },
  SIGNUP_CODE_INVALID: { message: SIGNUP_CODE_INVALID_MESSAGE },
  SIGNUP_EMAIL_TAKEN: { message: 'Ya existe una cuenta con ese correo electrónico; elige "Ya tengo cuenta" para usarla' },
  SPEI_CLABE_MISSING: { message: 'La propiedad aún no tiene una CLABE para recibir transferencias' },
  SPEI_SIMULATION_FAILED: {
    message: (p: { code: number }) =>
      `No logramos simular la transferencia SPEI: ${Object.hasOwn(SPEI_SIMULATION_MESSAGES, p.code) ? SPEI_SIMULATION_MESSAGES[p.code] : 'la pasarela la rechazó. Intenta de nuevo'}`,
  },
  SPEI_SIMULATION_SANDBOX_ONLY: { message: 'La simulación de transferencias SPEI solo está disponible con la pasarela de pruebas' },
  STREET_IN_USE: { message: (p: { name: string }) => `No logramos eliminar la calle ${p.name}. Recarga y vuelve a intentar` },
  STREET_NAME_TAKEN: { message: (p: { name: string }) => `Ya existe una calle llamada ${p.name}` },
  STREET_NOT_FOUND: { message: 'La calle no existe' },
  TOO_MANY_SIGN_IN_ATTEMPTS: { message: (p: { minutes: number }) => `Demasiados intentos de inicio de sesión. Intenta de nuevo en ${p.minutes} minutos` },
  TRANSFER_INSUFFICIENT: { message: 'El saldo del monedero de origen no alcanza para la transferencia' },
  UNKNOWN_PAYMENT_ADMIN_ONLY: { message: 'Solo la administración aplica pagos no reconocidos' },
  UNKNOWN_PAYMENT_ALREADY_MATCHED: { message: 'El pago no reconocido ya fue aplicado a un recibo' },
  UNKNOWN_PAYMENT_DUPLICATE: { message: 'Ya existe un pago no reconocido con esa autorización, cuenta y fecha' },
  UNKNOWN_PAYMENT_MATCHED_NOT_DELETABLE: { message: 'Un pago no reconocido aplicado a un recibo no se puede eliminar' },
  UNKNOWN_PAYMENT_NOT_FOUND: { message: 'El pago no reconocido no existe' },
  USER_EMAIL_TAKEN: { message: (p: { email: string }) => `Ya existe un usuario con el correo ${p.email}` },
  USER_NOT_FOUND: { message: 'El usuario no existe' },
  VEHICLE_ALREADY_AUTHORIZED: { message: 'El vehículo ya está autorizado' },
  VEHICLE_ALREADY_BOOKED: { message: VEHICLE_MESSAGES.alreadyBooked },
  VEHICLE_NO_PARKING_SPOT: { message: 'La propiedad ya tiene registrados tantos vehículos como cajones de estacionamiento' },
  VEHICLE_NOT_FOUND: { message: 'El vehículo no existe' },
  VERIFICATION_CODE_INVALID: { message: 'El código de verificación no es válido o ya fue usado' },
  VISITOR_ALREADY_INSIDE: { message: VISITOR_MESSAGES.alreadyInside },
  VISITOR_DELETE_INSIDE: { message: `${VISITOR_MESSAGES.deleteFailed}: la visita sigue dentro; registra su salida primero` },
  VISITOR_NO_EMAIL: { message: `${VISITOR_MESSAGES.notifyFailed}: la visita no tiene correo electrónico` },
  VISITOR_NOT_FOUND: { message: 'La visita no existe' },
  VISITOR_NOT_INSIDE: { message: VISITOR_MESSAGES.notInside },
  VISITOR_NOTIFY_FAILED: { message: `${VISITOR_MESSAGES.notifyFailed}: el correo no pudo ser entregado, intenta más tarde` },
  VISITOR_NOTIFY_TOO_SOON: { message: `${VISITOR_MESSAGES.notifyFailed}: espera 30 segundos antes de enviarlo otra vez` },
  WALLET_INSUFFICIENT: { message: 'El saldo del Monedero no alcanza para pagar este recibo' },
  WRITE_CONFLICT: { message: 'Otra operación modificó los mismos datos al mismo tiempo. Intenta de nuevo' },
} as const satisfies Record<string, Entry>;

export type Reason = keyof typeof REASONS;
type MessageOf<R extends Reason> = (typeof REASONS)[R]['message'];
/** The values a reason's message template takes, or none. */
export type ParamsOf<R extends Reason> = MessageOf<R> extends Template<infer P> ? [params: P] : [];
/** Reasons whose message takes no values: an error class takes these by name. */
export type PlainReason = { [R in Reason]: MessageOf<R> extends string ? R : never }[Reason];

/** A refusal: its reason, the Spanish message and the catalogue's numeric code, if any. */
export interface Refusal {
  readonly reason: Reason;
  readonly message: string;
  readonly code?: number;
}

export function isReason(value: string): value is Reason {
  return Object.hasOwn(REASONS, value);
}

/** The refusal of a reason, its message filled in with `params` when it is a template. */
export function reason<R extends Reason>(key: R, ...params: ParamsOf<R>): Refusal {
  const entry: Entry = REASONS[key];
  const message = typeof entry.message === 'function' ? (entry.message as Template<unknown>)(params[0]) : entry.message;
  return entry.code === undefined ? { reason: key, message } : { reason: key, message, code: entry.code };
}

/** The Spanish message of a reason (for a message shown outside an error, or a constant kept for callers). */
export const message = <R extends Reason>(key: R, ...params: ParamsOf<R>): string => reason(key, ...params).message;
