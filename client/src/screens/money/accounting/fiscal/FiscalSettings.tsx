// /neighborhood/settings/fiscal: the community as invoice issuer. Two sections: its tax data (with the
// issuer's address, read-only here: it is the community's address of the general settings) and its
// CSD (the current certificate's public data and the upload of a new .cer + .key + password).
import { Alert, Badge, Stack } from '@mantine/core';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FiscalSettingsQuery } from '../../../../__generated__/FiscalSettingsQuery.graphql';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { CsdSection } from './CsdSection.js';
import { FiscalDataForm } from './FiscalDataForm.js';

export const fiscalSettingsQuery = graphql`
  query FiscalSettingsQuery {
    fiscalInformation {
      id
      configured
      ...FiscalDataForm_information
      ...CsdSection_information
    }
    fiscalIssuerAddress { ...FiscalDataForm_address }
  }
`;

/** A query-string error (e.g. a redirect that could not finish) is shown as a warning; at most one short line. */
const MAX_ERROR_LENGTH = 300;

export default function FiscalSettings({ queryRef }: ScreenProps<FiscalSettingsQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<FiscalSettingsQuery>(fiscalSettingsQuery, queryRef);
  const { grants } = useSession();
  const environment = useRelayEnvironment();
  const [search] = useSearchParams();
  const error = search.get('error')?.trim().slice(0, MAX_ERROR_LENGTH);
  const canWrite = grants.has('CTaxUpdate');
  const information = data.fiscalInformation ?? null;
  const configured = !!information?.configured;

  return (
    <Stack maw={880}>
      <PageHeader title={t('fiscal.title')} description={t('fiscal.description')}>
        <Badge variant="light" color={configured ? 'green' : 'yellow'} size="lg" data-testid="fiscal-status">
          {configured ? t('fiscal.configured') : t('fiscal.notConfigured')}
        </Badge>
      </PageHeader>
      {error && (
        <Alert color="yellow" role="alert" data-kind="warning">
          {error}
        </Alert>
      )}
      {!canWrite && <Alert color="blue">{t('fiscal.readOnly')}</Alert>}
      <FiscalDataForm
        information={information}
        address={data.fiscalIssuerAddress}
        canWrite={canWrite}
        // The first save creates the record: read the screen again so both sections get it.
        onCreated={() => void fetchQuery(environment, fiscalSettingsQuery, {}, { fetchPolicy: 'network-only' }).toPromise()}
      />
      <CsdSection information={information} canWrite={canWrite} />
    </Stack>
  );
}
