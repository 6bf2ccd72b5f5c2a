import { lazy, Suspense } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StreetFormQuery } from '../../../__generated__/StreetFormQuery.graphql';
import type { StreetForm_street$key } from '../../../__generated__/StreetForm_street.graphql';
import type { StreetFormCreateMutation } from '../../../__generated__/StreetFormCreateMutation.graphql';
import type { StreetFormUpdateMutation } from '../../../__generated__/StreetFormUpdateMutation.graphql';
import { StreetSchema } from '../../../../../core/streets.js';
import { field, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const streetFormQuery = graphql`
  query StreetFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...StreetForm_street @alias }
    neighborhood { postalCode }
  }
`;

const streetFragment = graphql`
  fragment StreetForm_street on Street { id name }
`;

// Leaflet loads only with the form that shows it.
const CommunityMap = lazy(() => import('../../../components/CommunityMap.js'));

const createMutation = graphql`
  mutation StreetFormCreateMutation($input: CreateStreetInput!) {
    createStreet(input: $input) { __typename ... on Error { code message } ... on MutationCreateStreetSuccess { data { street { id name } } } }
  }
`;

const updateMutation = graphql`
  mutation StreetFormUpdateMutation($input: UpdateStreetInput!) {
    updateStreet(input: $input) { __typename ... on Error { code message } ... on MutationUpdateStreetSuccess { data { street { id name } } } }
  }
`;

const LIST = '/neighborhood/settings/streets';

/** /neighborhood/settings/streets/form and /{id}: a street's name, with a map of the community's postal code. */
export default function StreetForm({ queryRef }: ScreenProps<StreetFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<StreetFormQuery>(streetFormQuery, queryRef);
  const street = data.node?.StreetForm_street ?? null;
  if (queryRef.variables.edit && !street) return <Alert color="yellow">{t('streets.notFound')}</Alert>;
  return <StreetFields street={street} postalCode={data.neighborhood?.postalCode ?? null} />;
}

function StreetFields({ street: streetKey, postalCode }: { street: StreetForm_street$key | null; postalCode: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const street = useFragment(streetFragment, streetKey);
  const form = useZodForm(StreetSchema, { defaultValues: { name: street?.name ?? '' } });
  const create = useAppMutation<StreetFormCreateMutation>(createMutation);
  const update = useAppMutation<StreetFormUpdateMutation>(updateMutation);

  const save = form.handleSubmit(async (values) => {
    const ok = street
      ? await update.run({ input: { id: street.id, ...values } }, 'updateStreet', { form, success: t('streets.updated') })
      : await create.run({ input: values }, 'createStreet', { form, success: t('streets.created') });
    if (ok) navigate(LIST);
  });

  return (
    <Stack maw={560}>
      <PageHeader title={street ? t('streets.editTitle') : t('streets.create')} secondary={{ label: t('common.back'), to: LIST }} />
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('streets.name')} required {...field(form, 'name')} />
          <Suspense fallback={null}>
            <CommunityMap postalCode={postalCode} />
          </Suspense>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={LIST}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
