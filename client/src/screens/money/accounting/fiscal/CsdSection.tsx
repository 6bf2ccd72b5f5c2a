import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor } from 'relay-runtime';
import { useTranslation } from 'react-i18next';
import UploadOperation, { type CsdSectionUploadMutation } from '../../../../__generated__/CsdSectionUploadMutation.graphql.js';
import type { CsdSection_information$key } from '../../../../__generated__/CsdSection_information.graphql';
import { CsdUploadSchema } from '../../../../../../core/fiscal.js';
import { formatDate } from '../../../../format.js';
import { fieldError, useZodForm } from '../../../../components/forms.js';
import { settleCallError, settleSuccess, typedError } from '../../../../components/mutationResult.js';
import { notify } from '../../../../components/notify.js';
import { broadcastSessionClosed, CallError } from '../../../../relay/request.js';

const informationFragment = graphql`
  fragment CsdSection_information on FiscalInformation {
    hasPrivateKey
    certificate { number rfc legalName validFrom validTo status }
  }
`;

// Compiled into the artifact imported above; sent as a GraphQL multipart request (the files), then
// its answer is written into the Relay store like any mutation's.
graphql`
  mutation CsdSectionUploadMutation($input: UploadFiscalCertificateInput!) {
    uploadFiscalCertificate(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUploadFiscalCertificateSuccess { data { fiscalInformation { id configured ...CsdSection_information } } }
    }
  }
`;

type Response = CsdSectionUploadMutation['response'];
type UploadFields = 'certificate' | 'privateKey' | 'privateKeyPassword';
const UPLOAD_FIELDS: readonly string[] = ['certificate', 'privateKey', 'privateKeyPassword'];

/** The upload as graphql-multipart-request-spec: the operation, the map of files to variables, the files. */
async function postUpload(values: { certificate: File; privateKey: File; privateKeyPassword: string }): Promise<Response> {
  const body = new FormData();
  const variables = { input: { certificate: null, privateKey: null, privateKeyPassword: values.privateKeyPassword } };
  body.append('operations', JSON.stringify({ query: UploadOperation.params.text, variables }));
  body.append('map', JSON.stringify({ 0: ['variables.input.certificate'], 1: ['variables.input.privateKey'] }));
  body.append('0', values.certificate, values.certificate.name);
  body.append('1', values.privateKey, values.privateKey.name);
  let response: globalThis.Response;
  try {
    response = await fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'x-graphql-csrf': '1' }, body });
  } catch {
    throw new CallError(0, undefined, 'uploadFiscalCertificate');
  }
  const json = (await response.json().catch(() => undefined)) as
    | { data?: Response; errors?: { message: string; extensions?: { legacyCode?: number } }[] }
    | undefined;
  if (response.status === 401) {
    broadcastSessionClosed();
    throw new CallError(401, json, 'uploadFiscalCertificate');
  }
  if (!response.ok || !json?.data) {
    const first = json?.errors?.[0];
    const code = first?.extensions?.legacyCode;
    throw new CallError(response.status, code && code < 500 ? { code, description: first?.message } : undefined, 'uploadFiscalCertificate');
  }
  return json.data;
}

interface Props {
  information: CsdSection_information$key | null;
  canWrite: boolean;
}

/** The community's CSD: the current certificate's public data and the upload of a new one. */
export function CsdSection({ information: informationKey, canWrite }: Props) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const information = useFragment(informationFragment, informationKey);
  const certificate = information?.certificate ?? null;
  const form = useZodForm(CsdUploadSchema, { defaultValues: { privateKeyPassword: '' } });
  const [sending, setSending] = useState(false);
  // A new FileInput after each upload: the chosen files are gone from the form.
  const [round, setRound] = useState(0);

  const submit = form.handleSubmit(async (values) => {
    setSending(true);
    try {
      const data = await postUpload(values);
      const result = data.uploadFiscalCertificate;
      const failure = typedError(result);
      if (failure) {
        let placed = false;
        for (const [i, issue] of (failure.issues ?? []).entries()) {
          const name = issue.field.replace(/^input\./, '');
          if (!UPLOAD_FIELDS.includes(name)) continue;
          form.setError(name as UploadFields, { type: 'server', message: issue.message }, { shouldFocus: i === 0 });
          placed = true;
        }
        if (!placed) notify('danger', failure.message ?? '');
        return;
      }
      environment.commitPayload(createOperationDescriptor(UploadOperation, { input: { ...values, privateKeyPassword: '' } }), data as never);
      form.reset({ privateKeyPassword: '' });
      setRound((n) => n + 1);
      settleSuccess({ success: t('fiscal.csd.uploaded') }, result);
    } catch (e) {
      settleCallError(e);
    } finally {
      setSending(false);
    }
  });

  const status = certificate?.status ?? null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Stack gap={2}>
          <Title order={3} fz="h4">
            {t('fiscal.csd.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('fiscal.csd.intro')}
          </Text>
        </Stack>
        {certificate ? (
          <Table variant="vertical" layout="fixed" withTableBorder data-testid="csd-current">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={{ base: 120, sm: 200 }}>{t('fiscal.csd.number')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{certificate.number}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('fiscal.csd.rfc')}</Table.Th>
                <Table.Td>{certificate.rfc}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('fiscal.csd.legalName')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{certificate.legalName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('fiscal.csd.validity')}</Table.Th>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <span>
                      {t('fiscal.csd.validityRange', {
                        from: formatDate(certificate.validFrom),
                        to: formatDate(certificate.validTo),
                      })}
                    </span>
                    {status && (
                      <Badge variant="light" color={status === 'VALID' ? 'green' : 'red'}>
                        {t(`fiscal.csd.status.${status}`)}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('fiscal.csd.privateKey')}</Table.Th>
                <Table.Td>{information?.hasPrivateKey ? t('fiscal.csd.privateKeyStored') : t('fiscal.csd.privateKeyMissing')}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" data-testid="csd-none">
            {t('fiscal.csd.none')}
          </Text>
        )}
        {canWrite &&
          (information ? (
            <form onSubmit={submit} noValidate aria-label={certificate ? t('fiscal.csd.replace') : t('fiscal.csd.upload')}>
              <Stack>
                <Text fw={600}>{certificate ? t('fiscal.csd.replace') : t('fiscal.csd.upload')}</Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} key={round}>
                  <Controller
                    control={form.control}
                    name="certificate"
                    render={({ field }) => (
                      <FileInput
                        label={t('fiscal.csd.certificate')}
                        placeholder={t('fiscal.csd.certificatePlaceholder')}
                        accept=".cer,application/x-x509-ca-cert,application/pkix-cert"
                        required
                        clearable
                        value={field.value ?? null}
                        onChange={(file) => field.onChange(file ?? undefined)}
                        error={fieldError(form, 'certificate')}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="privateKey"
                    render={({ field }) => (
                      <FileInput
                        label={t('fiscal.csd.privateKeyFile')}
                        placeholder={t('fiscal.csd.privateKeyPlaceholder')}
                        accept=".key"
                        required
                        clearable
                        value={field.value ?? null}
                        onChange={(file) => field.onChange(file ?? undefined)}
                        error={fieldError(form, 'privateKey')}
                      />
                    )}
                  />
                </SimpleGrid>
                <PasswordInput
                  label={t('fiscal.csd.password')}
                  required
                  autoComplete="off"
                  maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                  {...form.register('privateKeyPassword')}
                  error={fieldError(form, 'privateKeyPassword')}
                />
                <div>
                  <Button type="submit" loading={sending}>
                    {t('fiscal.csd.submit')}
                  </Button>
                </div>
              </Stack>
            </form>
          ) : (
            <Alert color="blue">{t('fiscal.csd.needsData')}</Alert>
          ))}
      </Stack>
    </Paper>
  );
}
