import { useEffect, useMemo } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FiscalDataForm_address$key } from '../../../../__generated__/FiscalDataForm_address.graphql';
import type { FiscalDataForm_information$data, FiscalDataForm_information$key } from '../../../../__generated__/FiscalDataForm_information.graphql';
import type { FiscalDataFormSaveMutation } from '../../../../__generated__/FiscalDataFormSaveMutation.graphql';
import { DEFAULT_PRODUCT_CODE, FiscalInformationSchema, issuerRegimes, issuerRfcProblem, normalizeRfc } from '../../../../../../core/fiscal.js';
import { rfcPersonType } from '../../../../../../core/validators.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';

const informationFragment = graphql`
  fragment FiscalDataForm_information on FiscalInformation {
    fiscalName rfc regime productCode invoiceSerie creditNoteSerie
    certificate { rfc }
  }
`;

const addressFragment = graphql`
  fragment FiscalDataForm_address on FiscalIssuerAddress {
    postalCode street exteriorNumber interiorNumber colony city stateName country
  }
`;

const saveMutation = graphql`
  mutation FiscalDataFormSaveMutation($input: UpdateFiscalInformationInput!) {
    updateFiscalInformation(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateFiscalInformationSuccess {
        data {
          certificateRemoved
          fiscalInformation {
            id configured
            ...FiscalDataForm_information
            ...CsdSection_information
          }
        }
      }
    }
  }
`;

const GENERAL_SETTINGS = '/neighborhood/settings/general';

const formValues = (info: FiscalDataForm_information$data | null | undefined) => ({
  fiscalName: info?.fiscalName ?? '',
  rfc: info?.rfc ?? '',
  regime: info?.regime ?? '',
  productCode: info?.productCode ?? DEFAULT_PRODUCT_CODE,
  invoiceSerie: info?.invoiceSerie ?? '',
  creditNoteSerie: info?.creditNoteSerie ?? '',
});

interface Props {
  information: FiscalDataForm_information$key | null;
  address: FiscalDataForm_address$key;
  canWrite: boolean;
  /** After the first save: the screen reads the new record. */
  onCreated: () => void;
}

/** The community's tax data (saved with updateFiscalInformation) and its address as the issuer's, read-only. */
export function FiscalDataForm({ information: informationKey, address: addressKey, canWrite, onCreated }: Props) {
  const { t } = useTranslation();
  const information = useFragment(informationFragment, informationKey);
  const address = useFragment(addressFragment, addressKey);
  const save = useAppMutation<FiscalDataFormSaveMutation>(saveMutation);
  const form = useZodForm(FiscalInformationSchema, { defaultValues: formValues(information) });
  const { control, watch, setValue } = form;

  const rfc = watch('rfc') ?? '';
  const regime = watch('regime');
  const person = issuerRfcProblem(rfc) ? null : rfcPersonType(rfc);
  const regimes = useMemo(() => issuerRegimes(rfc), [rfc]);
  const certificateRfc = information?.certificate?.rfc ?? null;
  const rfcChanges = !!certificateRfc && !issuerRfcProblem(rfc) && normalizeRfc(rfc) !== certificateRfc;

  // As the RFC is typed, a regime that no longer fits its person type is cleared.
  useEffect(() => {
    if (regime && !regimes.some((r) => r.code === regime)) setValue('regime', '');
  }, [regimes, regime, setValue]);

  const submit = form.handleSubmit(async (values) => {
    const first = !information;
    const result = await save.run({ input: values }, 'updateFiscalInformation', {
      form,
      success: (r) => (r?.data?.certificateRemoved ? ['warning', t('fiscal.data.savedCertificateRemoved')] : t('fiscal.data.saved')),
    });
    if (result && 'data' in result && result.data) {
      form.reset(values);
      if (first) onCreated();
    }
  });

  const addressLine = [
    [address.street, address.exteriorNumber, address.interiorNumber && `int. ${address.interiorNumber}`].filter(Boolean).join(' '),
    address.colony,
    address.city,
    address.stateName,
    address.country,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-labelledby="fiscal-data-title">
        <Stack>
          <Stack gap={2}>
            <Title order={3} fz="h4" id="fiscal-data-title">
              {t('fiscal.data.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('fiscal.data.intro')}
            </Text>
          </Stack>
          {!information && <Alert color="blue">{t('fiscal.data.empty')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="rfc"
              render={({ field: input }) => (
                <TextInput
                  label={t('fiscal.data.rfc')}
                  required
                  description={person ? t(`fiscal.data.person.${person}`) : t('fiscal.data.rfcHint')}
                  disabled={!canWrite}
                  value={input.value}
                  onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
                  onBlur={input.onBlur}
                  maxLength={13}
                  autoComplete="off"
                  error={fieldError(form, 'rfc')}
                />
              )}
            />
            <Controller
              control={control}
              name="regime"
              render={({ field: input }) => (
                <Select
                  label={t('fiscal.data.regime')}
                  required
                  searchable
                  disabled={!canWrite}
                  data={regimes.map((r) => ({ value: r.code, label: `${r.satCode} - ${r.name}` }))}
                  value={input.value || null}
                  onChange={(v) => input.onChange(v ?? '')}
                  onBlur={input.onBlur}
                  error={fieldError(form, 'regime')}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </SimpleGrid>
          {rfcChanges && (
            <Alert color="yellow" data-testid="rfc-change-warning">
              {t('fiscal.data.rfcChangeWarning', { rfc: certificateRfc })}
            </Alert>
          )}
          <Controller
            control={control}
            name="fiscalName"
            render={({ field: input }) => (
              <TextInput
                label={t('fiscal.data.fiscalName')}
                required
                description={t('fiscal.data.fiscalNameHint')}
                disabled={!canWrite}
                value={input.value}
                onChange={(e) => input.onChange(e.currentTarget.value.toLocaleUpperCase('es-MX'))}
                onBlur={input.onBlur}
                maxLength={254}
                error={fieldError(form, 'fiscalName')}
              />
            )}
          />
          <TextInput
            label={t('fiscal.data.productCode')}
            description={t('fiscal.data.productCodeHint')}
            disabled={!canWrite}
            inputMode="numeric"
            maxLength={8}
            {...field(form, 'productCode')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {(['invoiceSerie', 'creditNoteSerie'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field: input }) => (
                  <TextInput
                    label={t(`fiscal.data.${name}`)}
                    required
                    description={t('fiscal.data.serieHint')}
                    disabled={!canWrite}
                    value={input.value}
                    onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase())}
                    onBlur={input.onBlur}
                    maxLength={10}
                    error={fieldError(form, name)}
                  />
                )}
              />
            ))}
          </SimpleGrid>

          <Stack gap={4} data-testid="fiscal-address">
            <Group justify="space-between" align="baseline" gap="xs">
              <Text fw={600}>{t('fiscal.address.title')}</Text>
              <Anchor component={Link} to={GENERAL_SETTINGS} size="sm">
                {t('fiscal.address.edit')}
              </Anchor>
            </Group>
            <Text size="sm" c="dimmed">
              {t('fiscal.address.intro')}
            </Text>
            <Text size="sm">
              {t('fiscal.address.postalCode')}: <strong>{address.postalCode ?? t('fiscal.address.missing')}</strong>
            </Text>
            {addressLine && <Text size="sm">{addressLine}</Text>}
            {!address.postalCode && <Alert color="yellow">{t('fiscal.address.postalCodeMissing')}</Alert>}
          </Stack>

          {canWrite && (
            <Group>
              <Button type="submit" loading={save.inFlight}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
