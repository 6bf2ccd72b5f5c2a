// Openpay's official Node library (openpay@1.0.5, a dev dependency for openpayLibrary.test.ts) has no types.
declare module 'openpay' {
  class Openpay {
    static SANDBOX_URL: string;
    constructor(merchantId: string, privateKey: string, isProductionReady?: boolean);
    [resource: string]: any;
  }
  export default Openpay;
}
