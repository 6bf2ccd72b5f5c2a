// The Spanish text of the payment gateway's error codes (Openpay's 1000–6003), shared by the server and
// the client: a failure whose source is the card gateway shows the text of its code; code -1 means the
// server already wrote the message.

export const GATEWAY_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  // General
  1000: 'Ocurrió un error interno en la pasarela de pago. Intenta más tarde.',
  1001: 'La solicitud de pago no tiene el formato correcto.',
  1002: 'La pasarela de pago rechazó la autenticación de la comunidad.',
  1003: 'Uno o más datos del pago no son válidos.',
  1004: 'Un servicio necesario para procesar el pago no está disponible. Intenta más tarde.',
  1005: 'No se encontró el recurso solicitado en la pasarela de pago.',
  1006: 'Ya existe una transacción con el mismo número de orden.',
  1007: 'La transferencia de fondos no fue aceptada.',
  1008: 'Una de las cuentas requeridas está desactivada.',
  1009: 'La solicitud es demasiado grande.',
  1010: 'La llave pública no puede usarse para esta operación.',
  1011: 'No se encontró el recurso solicitado.',
  1012: 'El monto está fuera de los límites permitidos.',
  1013: 'La operación no está permitida.',
  1014: 'La cuenta de la pasarela de pago está inactiva.',
  1015: 'No se obtuvo respuesta de la pasarela de pago. Verifica el estado de tu pago antes de intentar de nuevo.',
  1016: 'El correo del comercio ya está registrado.',
  1017: 'La pasarela de pago no está disponible. Intenta más tarde.',
  1018: 'Se excedió el número de intentos de cargo. Intenta más tarde.',
  1020: 'El número de cuotas no es válido para este pago.',
  // Card and account registration
  2001: 'La cuenta CLABE ya está registrada.',
  2002: 'La tarjeta ya está registrada.',
  2003: 'El cliente ya existe en la pasarela de pago.',
  2004: 'El número de tarjeta no es válido.',
  2005: 'La fecha de vencimiento de la tarjeta ya pasó.',
  2006: 'El código de seguridad (CVV) es obligatorio.',
  2007: 'El número de tarjeta es de prueba y solo puede usarse en modo de pruebas.',
  2008: 'La tarjeta no es válida para pago con puntos.',
  2009: 'El código de seguridad (CVV) no es válido.',
  2010: 'La autenticación 3-D Secure falló.',
  2011: 'Este tipo de tarjeta no es aceptado.',
  // Cards
  3001: 'La tarjeta fue declinada. Comunícate con tu banco o usa otra tarjeta.',
  3002: 'La tarjeta ha expirado.',
  3003: 'La tarjeta no tiene fondos suficientes.',
  3004: 'La tarjeta fue reportada como robada.',
  3005: 'El pago fue rechazado por el sistema antifraude.',
  3006: 'La operación no está permitida para esta tarjeta o transacción.',
  3008: 'La tarjeta no admite compras en línea.',
  3009: 'La tarjeta fue reportada como extraviada.',
  3010: 'El banco restringió la tarjeta.',
  3011: 'El banco solicitó retener la tarjeta. Comunícate con tu banco.',
  3012: 'Se requiere autorización del banco para este pago. Comunícate con tu banco.',
  // Accounts
  4001: 'Fondos insuficientes para realizar el pago.',
  4002: 'La cuenta tiene comisiones pendientes de pago.',
  // Orders
  5001: 'La orden ya fue procesada.',
  // Webhooks
  6001: 'La notificación ya fue procesada.',
  6002: 'No se pudo entregar la notificación.',
  6003: 'La notificación fue respondida con un error.',
};

export const GATEWAY_GENERIC_MESSAGE = 'No fue posible procesar el pago con la pasarela. Intenta de nuevo o usa otro método de pago.';

/** The code -1: the server's own message is the one to show. */
export const SERVER_MESSAGE_CODE = -1;

/** The Spanish message of a gateway code; -1 answers the server's message, an unknown code a generic one. */
export function gatewayErrorMessage(code: number | null | undefined, serverMessage?: string | null): string {
  if (code === SERVER_MESSAGE_CODE) return serverMessage?.trim() || GATEWAY_GENERIC_MESSAGE;
  if (code == null) return GATEWAY_GENERIC_MESSAGE;
  return GATEWAY_ERROR_MESSAGES[code] ?? GATEWAY_GENERIC_MESSAGE;
}
