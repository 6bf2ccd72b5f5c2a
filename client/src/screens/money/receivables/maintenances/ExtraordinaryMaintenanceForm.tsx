import { useState } from 'react';
import { Button, Group, MultiSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExtraordinaryMaintenanceFormQuery } from '../../../../__generated__/ExtraordinaryMaintenanceFormQuery.graphql';
import type { ExtraordinaryMaintenanceForm_query$key } from '../../../../__generated__/ExtraordinaryMaintenanceForm_query.graphql';
import type { ExtraordinaryMaintenanceFormCreateMutation } from '../../../../__generated__/ExtraordinaryMaintenanceFormCreateMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from './keys.js';
import { MAINTENANCES_PATH } from './labels.js';
import { extraordinaryFormSchema } from './schema.js';

export const extraordinaryFormQuery = graphql`
  query ExtraordinaryMaintenanceFormQuery {
    ...ExtraordinaryMaintenanceForm_query
  }
`;

const extraordinaryMaintenanceFormFragment = graphql`
  fragment ExtraordinaryMaintenanceForm_query on Query {
    houseTypes(first: 100) { edges { node { id databaseId title } } }
  }
`;

const createMutation = graphql`
  mutation ExtraordinaryMaintenanceFormCreateMutation($input: CreateExtraordinaryMaintenanceInput!) {
    createExtraordinaryMaintenance(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateExtraordinaryMaintenanceSuccess { data { message maintenance { id databaseId status } } }
    }
  }
`;

/**
 * /maintenances/custom/form: an extraordinary fee (description, amount per house, due date), charged to
 * every active house or only to the chosen house types; its receipts are issued at once.
 */
export default function ExtraordinaryMaintenanceForm({ queryRef }: ScreenProps<ExtraordinaryMaintenanceFormQuery>) {
  const data = usePreloadedQuery<ExtraordinaryMaintenanceFormQuery>(extraordinaryFormQuery, queryRef);
  return <ExtraordinaryMaintenanceFormView query={data} />;
}

function ExtraordinaryMaintenanceFormView({ query }: { query: ExtraordinaryMaintenanceForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFragment(extraordinaryMaintenanceFormFragment, query);
  // Without a house-types grant the list is absent: the fee goes to every active house.
  const houseTypes = data.houseTypes?.edges.map(({ node }) => ({ value: String(node.databaseId), label: node.title })) ?? null;
  const form = useZodForm(extraordinaryFormSchema, { defaultValues: { description: '', amount: '', dueDate: null, houseTypeIds: [] } });
  const create = useAppMutation<ExtraordinaryMaintenanceFormCreateMutation>(createMutation);
  const [key] = useState(newIdempotencyKey);

  const save = form.handleSubmit(async (values) => {
    const input = {
      description: values.description,
      amount: values.amount,
      dueDate: values.dueDate,
      houseTypeIds: values.houseTypeIds.length ? values.houseTypeIds.map(Number) : null,
      idempotencyKey: key,
    };
    const result = await create.run({ input }, 'createExtraordinaryMaintenance', {
      form: form as never,
      success: (r) => r?.data?.message ?? t('maintenances.extraordinaryCreated'),
    });
    if (result) navigate(MAINTENANCES_PATH);
  });

  return (
    <Stack maw={720}>
      <PageHeader
        title={t('maintenances.extraordinaryTitle')}
        description={t('maintenances.extraordinaryDescription')}
        secondary={{ label: t('common.back'), to: MAINTENANCES_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput
                label={t('maintenances.description')}
                placeholder={t('maintenances.descriptionPlaceholder')}
                required
                maxLength={200}
                {...field(form, 'description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={form.control}
                  name="amount"
                  render={({ field: f }) => (
                    <QuantityField
                      label={t('maintenances.amountPerHouse')}
                      required
                      leftSection="$"
                      value={f.value ?? ''}
                      onValue={f.onChange}
                      onBlur={f.onBlur}
                      ref={f.ref}
                      error={fieldError(form, 'amount')}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="dueDate"
                  render={({ field: f }) => (
                    <DateField
                      label={t('maintenances.dueDate')}
                      required
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'dueDate')}
                    />
                  )}
                />
              </SimpleGrid>
              {houseTypes && (
                <Controller
                  control={form.control}
                  name="houseTypeIds"
                  render={({ field: f }) => (
                    <MultiSelect
                      label={t('maintenances.houseTypes')}
                      description={t('maintenances.houseTypesHint')}
                      placeholder={f.value.length ? undefined : t('maintenances.allHouseTypes')}
                      data={houseTypes}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      clearable
                      searchable
                      nothingFoundMessage={t('maintenances.noHouseTypes')}
                      error={fieldError(form, 'houseTypeIds')}
                    />
                  )}
                />
              )}
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight}>
              {t('maintenances.extraordinarySubmit')}
            </Button>
            <Button variant="default" component={Link} to={MAINTENANCES_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
