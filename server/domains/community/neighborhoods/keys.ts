// Where a community's sealed secrets belong (server/infra/secrets.ts binds each sealed value to it).

/** The context of the payment gateway's private key of a community. */
export const gatewayKeyContext = (neighborhoodId: number) => `gateway-private-key:${neighborhoodId}`;
