import { z } from 'zod';
import type { TaxInfo } from '../../../../../core/tax.js';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { Response } from '../../../../http/response.js';

const FIELDS = 'rfc businessName fiscalRegime cfdiUse postalCode street exteriorNumber interiorNumber colony city state country taxReceiptFileId';

const legacyTaxInfo = (i: TaxInfo & { taxReceiptFileId: string | null }) => ({
  tax_receipt: i.taxReceiptFileId ? `/api/1.0/files/${i.taxReceiptFileId}` : null,
  rfc: i.rfc,
  business_name: i.businessName,
  fiscal_regime: i.fiscalRegime,
  cfdi_use: i.cfdiUse,
  address: {
    zip_code: i.postalCode,
    street: i.street,
    exterior_number: i.exteriorNumber,
    interior_number: i.interiorNumber,
    colony: i.colony,
    city: i.city,
    state: i.state,
    country: i.country,
  },
});

const text = z.string().nullish();
/**
 * Spec 1 section 3 names rfc, fiscal_regime, cfdi_use and the address (country default México): that body
 * alone is enough. Without business_name the stored one stays, else the owner's name is used.
 */
const body = z.object({
  rfc: z.string(),
  business_name: text,
  fiscal_regime: z.string(),
  cfdi_use: z.string(),
  address: z.object({
    zip_code: z.union([z.string(), z.number().int().transform(String)]),
    street: text,
    exterior_number: text,
    interior_number: text,
    colony: text,
    city: text,
    state: z.string(),
    country: text,
  }),
  /** The uploaded file's id, or the download link the GET answers. */
  tax_receipt: text,
});

const PATH = '/neighborhoods/{n}/houses/{h}/tax-information';

export const taxInfoRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: PATH,
    operation: `query($h: ID!) { houseTaxInfo(houseId: $h) { ${FIELDS} } }`,
    variables: ({ params }) => ({ h: globalId('House', params.h) }),
    // A house without tax data answers 204 (no content): the settings screen shows an empty form.
    result: (data) => (data.houseTaxInfo ? legacyTaxInfo(data.houseTaxInfo) : null),
  },
  {
    method: 'PUT',
    path: PATH,
    body,
    operation: `mutation($input: UpdateHouseTaxInfoInput!) { updateHouseTaxInfo(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateHouseTaxInfoSuccess { data { taxInfo { ${FIELDS} } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: globalId('House', params.h),
        taxInfo: {
          rfc: body.rfc,
          businessName: body.business_name ?? null,
          fiscalRegime: body.fiscal_regime,
          cfdiUse: body.cfdi_use,
          postalCode: body.address.zip_code,
          street: body.address.street ?? null,
          exteriorNumber: body.address.exterior_number ?? null,
          interiorNumber: body.address.interior_number ?? null,
          colony: body.address.colony ?? null,
          city: body.address.city ?? null,
          state: body.address.state,
          country: body.address.country ?? null,
          taxReceiptFileId: body.tax_receipt?.split('/').pop() ?? null,
        },
      },
    }),
    result: (data) => legacyTaxInfo(unwrapResult<any>(data.updateHouseTaxInfo).taxInfo),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/{h}/tax-receipt',
    operation: `query($h: ID!) { houseTaxInfo(houseId: $h) { taxReceiptFileId } }`,
    variables: ({ params }) => ({ h: globalId('House', params.h) }),
    result: (data) => {
      const id = data.houseTaxInfo?.taxReceiptFileId;
      if (!id) throw new RestError(404, 404, 'La propiedad no tiene constancia de situación fiscal');
      return new Response(null, { status: 302, headers: { location: `/api/1.0/files/${id}` } });
    },
  },
  {
    method: 'DELETE',
    path: PATH,
    operation: `mutation($input: DeleteHouseTaxInfoInput!) { deleteHouseTaxInfo(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteHouseTaxInfoSuccess { data { houseDatabaseId } } } }`,
    variables: ({ params }) => ({ input: { houseId: globalId('House', params.h) } }),
    result: (data) => {
      unwrapResult(data.deleteHouseTaxInfo);
      return { content: true };
    },
  },
];
