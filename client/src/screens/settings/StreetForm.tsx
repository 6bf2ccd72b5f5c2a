import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StreetFormQuery } from '../../__generated__/StreetFormQuery.graphql';
import type { StreetFormCommunityQuery } from '../../__generated__/StreetFormCommunityQuery.graphql';
import type { StreetFormCreateMutation } from '../../__generated__/StreetFormCreateMutation.graphql';
import type { StreetFormUpdateMutation } from '../../__generated__/StreetFormUpdateMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';

const query = graphql`
  query StreetFormQuery($id: ID!) {
    node(id: $id) { ... on Street { id name } }
  }
`;

const communityQuery = graphql`
  query StreetFormCommunityQuery { neighborhood { postalCode } }
`;

// Leaflet loads only with the form that shows it.
const CommunityMap = lazy(() => import('../../components/CommunityMap.js'));

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

/** Street form, with a map centred on the community's postal code when map tiles can be loaded. */
export default function StreetForm() {
  const { streetId } = useParams();
  return streetId ? <EditStreet streetId={streetId} /> : <StreetFields existing={null} />;
}

function EditStreet({ streetId }: { streetId: string }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<StreetFormQuery>(query, { id: btoa(`Street:${streetId}`) }, { fetchPolicy: 'network-only' });
  const existing = data.node?.name !== undefined ? { id: data.node.id!, name: data.node.name } : null;
  if (!existing) return <Alert color="yellow">{t('streets.notFound')}</Alert>;
  return <StreetFields existing={existing} />;
}

function StreetFields({ existing }: { existing: { id: string; name: string } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(existing?.name ?? '');
  const [touched, setTouched] = useState(false);
  const create = useAppMutation<StreetFormCreateMutation>(createMutation);
  const update = useAppMutation<StreetFormUpdateMutation>(updateMutation);
  const error = name.trim() === '' ? t('form.required') : null;
  const community = useLazyLoadQuery<StreetFormCommunityQuery>(communityQuery, {}, { fetchPolicy: 'store-or-network' });

  const save = async () => {
    const ok = existing ? await update.run({ input: { id: existing.id, name } }, 'updateStreet') : await create.run({ input: { name } }, 'createStreet');
    if (ok) {
      notify('success', existing ? t('streets.updated') : t('streets.created'));
      navigate('/neighborhood/settings/streets');
    }
  };

  return (
    <Stack maw={480}>
      <Title order={2}>{existing ? t('streets.editTitle') : t('streets.create')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label={t('streets.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setTouched(true);
            }}
            error={touched ? error : null}
          />
          <Suspense fallback={null}>
            <CommunityMap postalCode={community.neighborhood?.postalCode ?? null} />
          </Suspense>
          <Group>
            <Button type="submit" disabled={!!error} loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to="/neighborhood/settings/streets">
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
