import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServicePeriodFormQuery } from '../../../../__generated__/ServicePeriodFormQuery.graphql';
import type { ServicePeriodForm_query$key } from '../../../../__generated__/ServicePeriodForm_query.graphql';
import type { ServicePeriodFormCreateMutation } from '../../../../__generated__/ServicePeriodFormCreateMutation.graphql';
import type { ServicePeriodFormUpdateMutation } from '../../../../__generated__/ServicePeriodFormUpdateMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../maintenances/keys.js';
import { periodsPath } from './paths.js';
import { periodFormSchema } from './schema.js';

export const servicePeriodFormQuery = graphql`
  query ServicePeriodFormQuery($serviceId: ID!, $periodId: ID!, $edit: Boolean!) {
    ...ServicePeriodForm_query
  }
`;

const servicePeriodFormFragment = graphql`
  fragment ServicePeriodForm_query on Query {
    service: node(id: $serviceId) {
      ... on MeasuredService { id databaseId description type presetCost presetConversionRate }
    }
    period: node(id: $periodId) @include(if: $edit) {
      ... on ServicePeriod { id databaseId serviceDatabaseId description cost conversionRate dueDate status editable }
    }
  }
`;

const createMutation = graphql`
  mutation ServicePeriodFormCreateMutation($input: CreateServicePeriodInput!) {
    createServicePeriod(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateServicePeriodSuccess { data { message period { id databaseId } } }
    }
  }
`;

const updateMutation = graphql`
  mutation ServicePeriodFormUpdateMutation($input: UpdateServicePeriodInput!) {
    updateServicePeriod(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateServicePeriodSuccess { data { message period { id description cost conversionRate dueDate status } } }
    }
  }
`;

/**
 * /services/{serviceId}/periods/form and /form/{periodId}: description, cost and conversion rate (the
 * service's presets to start with; fixed at 0 and 1 for a TABLE service) and the receipts' due date.
 */
export default function ServicePeriodForm({ queryRef }: ScreenProps<ServicePeriodFormQuery>) {
  const data = usePreloadedQuery<ServicePeriodFormQuery>(servicePeriodFormQuery, queryRef);
  return <ServicePeriodFormView query={data} />;
}

function ServicePeriodFormView({ query }: { query: ServicePeriodForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFragment(servicePeriodFormFragment, query);
  const service = data.service?.databaseId ? data.service : null;
  // A period of another service is not this form's.
  const period = data.period?.databaseId && data.period.serviceDatabaseId === data.service?.databaseId ? data.period : null;
  const editing = data.period !== undefined;
  const create = useAppMutation<ServicePeriodFormCreateMutation>(createMutation);
  const update = useAppMutation<ServicePeriodFormUpdateMutation>(updateMutation);
  const [key] = useState(newIdempotencyKey);
  const table = service?.type === 'TABLE';
  const form = useZodForm(periodFormSchema, {
    defaultValues: {
      description: period?.description ?? '',
      cost: table ? '0' : String(period?.cost ?? service?.presetCost ?? ''),
      conversionRate: table ? '1' : String(period?.conversionRate ?? service?.presetConversionRate ?? ''),
      dueDate: period?.dueDate ? String(period.dueDate) : null,
    },
  });
  if (!service?.databaseId || (editing && !period)) return <Alert color="yellow">{t('servicePeriods.notFound')}</Alert>;
  const back = periodsPath(service.databaseId);

  const save = form.handleSubmit(async (values) => {
    const prices = table ? {} : { cost: values.cost, conversionRate: values.conversionRate };
    const common = { description: values.description, dueDate: values.dueDate, ...prices, idempotencyKey: key };
    const result = period
      ? await update.run({ input: { id: period.id!, ...common } }, 'updateServicePeriod', {
          form: form as never,
          success: (r) => r?.data?.message ?? t('servicePeriods.saved'),
        })
      : await create.run({ input: { serviceId: service.id!, ...common } }, 'createServicePeriod', {
          form: form as never,
          success: (r) => r?.data?.message ?? t('servicePeriods.saved'),
        });
    if (result) navigate(back);
  });

  return (
    <Stack maw={720}>
      <PageHeader
        title={period ? t('servicePeriods.formTitleEdit') : t('servicePeriods.formTitleNew')}
        description={service.description}
        secondary={{ label: t('servicePeriods.backToPeriods'), to: back }}
      />
      {period && !period.editable && <Alert color="yellow">{t('servicePeriods.notEditable')}</Alert>}
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput
                label={t('servicePeriods.description')}
                placeholder={t('servicePeriods.descriptionPlaceholder')}
                required
                maxLength={120}
                {...field(form, 'description')}
              />
              {table ? (
                <Text size="sm" c="dimmed" data-testid="table-fixed">
                  {t('servicePeriods.tableFixed')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('servicePeriods.cost')}
                    required
                    inputMode="decimal"
                    leftSection="$"
                    maxLength={20}
                    description={service.presetCost != null ? t('servicePeriods.presetHint', { value: String(service.presetCost) }) : undefined}
                    {...field(form, 'cost')}
                  />
                  <TextInput
                    label={t('servicePeriods.conversionRate')}
                    required
                    inputMode="decimal"
                    maxLength={20}
                    description={
                      service.presetConversionRate != null ? t('servicePeriods.presetHint', { value: String(service.presetConversionRate) }) : undefined
                    }
                    {...field(form, 'conversionRate')}
                  />
                </SimpleGrid>
              )}
              <Controller
                control={form.control}
                name="dueDate"
                render={({ field: f }) => (
                  <DateField
                    label={t('servicePeriods.dueDate')}
                    required
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                    onBlur={f.onBlur}
                    error={fieldError(form, 'dueDate')}
                    maw={320}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight} disabled={!!period && !period.editable}>
              {t('servicePeriods.save')}
            </Button>
            <Button variant="default" component={Link} to={back}>
              {t('servicePeriods.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
