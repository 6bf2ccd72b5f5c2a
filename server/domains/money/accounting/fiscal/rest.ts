import { z } from 'zod';
import { RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const TAX_FIELDS = 'fiscalName rfc regime productCode invoiceSerie creditNoteSerie';
const CERTIFICATE_FIELDS = 'certificate { number rfc legalName validFrom validTo status base64 } hasPrivateKey configured';
const ADDRESS_FIELDS = 'postalCode street exteriorNumber interiorNumber colony city state country';

interface TaxFields {
  fiscalName: string;
  rfc: string;
  regime: string;
  productCode: string;
  invoiceSerie: string | null;
  creditNoteSerie: string | null;
}

const legacyTaxInformation = (i: TaxFields) => ({
  fiscal_name: i.fiscalName,
  rfc: i.rfc,
  regime: i.regime,
  product_code: i.productCode,
  invoiceSerie: i.invoiceSerie,
  creditNoteSerie: i.creditNoteSerie,
});

const EMPTY_TAX = { fiscal_name: null, rfc: null, regime: null, product_code: null, invoiceSerie: null, creditNoteSerie: null };

/** The tax information, the certificate's public data and the issuer's address (never the key or its password). */
function legacyFiscalInformation(info: any, address: any) {
  const certificate = info?.certificate ?? null;
  return {
    ...(info ? legacyTaxInformation(info) : EMPTY_TAX),
    certificate: certificate?.base64 ?? null,
    certificate_number: certificate?.number ?? null,
    certificate_rfc: certificate?.rfc ?? null,
    certificate_legal_name: certificate?.legalName ?? null,
    certificate_valid_from: certificate?.validFrom ?? null,
    certificate_valid_to: certificate?.validTo ?? null,
    certificate_status: certificate?.status ?? null,
    has_private_key: info?.hasPrivateKey ?? false,
    configured: info?.configured ?? false,
    address: {
      zip_code: address.postalCode,
      street: address.street,
      exterior_number: address.exteriorNumber,
      interior_number: address.interiorNumber,
      colony: address.colony,
      city: address.city,
      state: address.state,
      country: address.country,
    },
  };
}

const code = z.union([z.string(), z.number().int().transform(String)]);

const taxBody = z.object({
  fiscal_name: z.string(),
  rfc: z.string(),
  regime: code,
  product_code: code.nullish(),
  invoiceSerie: z.string(),
  creditNoteSerie: z.string(),
});

/** A file sent as base64 in the JSON body (a data: URL prefix is accepted), as a File for the multipart GraphQL request. */
const base64File = (name: string, label: string) =>
  z.string().transform((value, ctx) => {
    const text = value.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
    if (text === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) {
      ctx.addIssue({ code: 'custom', message: `${label} debe enviarse en base64` });
      return z.NEVER;
    }
    return new File([new Uint8Array(Buffer.from(text, 'base64'))], name);
  });

const certificateBody = z.object({
  certificate: base64File('certificado.cer', 'El certificado (.cer)'),
  privateKey: base64File('llave.key', 'La llave privada (.key)'),
  privateKeyPassword: z.string(),
});

const FISCAL_QUERY = `query { fiscalInformation { ${TAX_FIELDS} ${CERTIFICATE_FIELDS} } fiscalIssuerAddress { ${ADDRESS_FIELDS} } }`;

export const fiscalRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/settings/tax-information',
    operation: `query { fiscalInformation { ${TAX_FIELDS} } }`,
    // A community without tax data answers 204 (no content): the screen shows an empty form.
    result: (data) => (data.fiscalInformation ? legacyTaxInformation(data.fiscalInformation) : null),
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/settings/tax-information',
    body: taxBody,
    operation: `mutation($input: UpdateFiscalInformationInput!) { updateFiscalInformation(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateFiscalInformationSuccess { data { fiscalInformation { ${TAX_FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: {
        fiscalName: body.fiscal_name,
        rfc: body.rfc,
        regime: body.regime,
        productCode: body.product_code ?? null,
        invoiceSerie: body.invoiceSerie,
        creditNoteSerie: body.creditNoteSerie,
      },
    }),
    result: (data) => legacyTaxInformation(unwrapResult<any>(data.updateFiscalInformation).fiscalInformation),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/settings/fiscal-information',
    operation: FISCAL_QUERY,
    result: (data) => legacyFiscalInformation(data.fiscalInformation, data.fiscalIssuerAddress),
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/settings/fiscal-information',
    body: certificateBody,
    // The files travel to GraphQL as a multipart request (rest/handler.ts) under the top-level variables.
    operation: `mutation($certificate: File!, $privateKey: File!, $privateKeyPassword: String!) {
      uploadFiscalCertificate(input: { certificate: $certificate, privateKey: $privateKey, privateKeyPassword: $privateKeyPassword }) {
        ${RESULT_ERROR_FIELDS}
        ... on MutationUploadFiscalCertificateSuccess { data { fiscalInformation { ${TAX_FIELDS} ${CERTIFICATE_FIELDS} issuerAddress { ${ADDRESS_FIELDS} } } } }
      }
    }`,
    variables: ({ body }) => ({ certificate: body.certificate, privateKey: body.privateKey, privateKeyPassword: body.privateKeyPassword }),
    result: (data) => {
      const info = unwrapResult<any>(data.uploadFiscalCertificate).fiscalInformation;
      return legacyFiscalInformation(info, info.issuerAddress);
    },
  },
];
