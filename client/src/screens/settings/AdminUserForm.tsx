import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUserFormQuery } from '../../__generated__/AdminUserFormQuery.graphql';
import type { AdminUserFormRolesQuery } from '../../__generated__/AdminUserFormRolesQuery.graphql';
import type { AdminUserFormLookupQuery, AdminUserFormLookupQuery$data } from '../../__generated__/AdminUserFormLookupQuery.graphql';
import type { AdminUserFormCreateMutation } from '../../__generated__/AdminUserFormCreateMutation.graphql';
import type { AdminUserFormUpdateMutation } from '../../__generated__/AdminUserFormUpdateMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';

const editQuery = graphql`
  query AdminUserFormQuery($id: ID!) {
    node(id: $id) { ... on AdministrationUser { id firstName lastName email pending personalDataEditable isViewer role { id } } }
    administrationRoles { id name }
  }
`;

const rolesQuery = graphql`
  query AdminUserFormRolesQuery {
    administrationRoles { id name }
  }
`;

const lookupQuery = graphql`
  query AdminUserFormLookupQuery($email: String!) {
    userByEmail(email: $email) { email firstName lastName administrationUser { id } }
  }
`;

const createMutation = graphql`
  mutation AdminUserFormCreateMutation($input: CreateAdministrationUserInput!) {
    createAdministrationUser(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCreateAdministrationUserSuccess { data { administrationUser { id pendingSignup } } }
    }
  }
`;

const updateMutation = graphql`
  mutation AdminUserFormUpdateMutation($input: UpdateAdministrationUserInput!) {
    updateAdministrationUser(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationUpdateAdministrationUserSuccess { data { administrationUser { id firstName lastName email pendingSignup role { id name } } } }
    }
  }
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIST_PATH = '/neighborhood/settings/users';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  roleId: string | null;
}

interface Existing {
  id: string;
  values: Values;
  /** Name and e-mail can be corrected only until the person signs up, and only if they belong to no other community. */
  personalEditable: boolean;
  /** An invitation not accepted yet: only the e-mail typed is known, only the role changes. */
  pending: boolean;
  isViewer: boolean;
}

/** Administration user form: create (e-mail first, prefilled from an existing person) or edit. */
export default function AdminUserForm() {
  const { userId } = useParams();
  return userId ? <EditAdminUser userId={userId} /> : <NewAdminUser />;
}

function NewAdminUser() {
  const data = useLazyLoadQuery<AdminUserFormRolesQuery>(rolesQuery, {}, { fetchPolicy: 'store-and-network' });
  return <AdminUserFields existing={null} roles={data.administrationRoles} />;
}

function EditAdminUser({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<AdminUserFormQuery>(editQuery, { id: btoa(`AdministrationUser:${userId}`) }, { fetchPolicy: 'network-only' });
  const n = data.node;
  if (!n || n.email === undefined) return <Alert color="yellow">{t('adminUsers.notFound')}</Alert>;
  return (
    <AdminUserFields
      roles={data.administrationRoles}
      existing={{
        id: n.id!,
        values: { email: n.email, firstName: n.firstName!, lastName: n.lastName ?? '', roleId: n.role!.id },
        personalEditable: !!n.personalDataEditable,
        pending: !!n.pending,
        isViewer: !!n.isViewer,
      }}
    />
  );
}

type Lookup = AdminUserFormLookupQuery$data['userByEmail'];

function AdminUserFields({ existing, roles }: { existing: Existing | null; roles: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const [values, setValues] = useState<Values>(existing?.values ?? { email: '', firstName: '', lastName: '', roleId: null });
  const [touched, setTouched] = useState(false);
  const [lookup, setLookup] = useState<{ email: string; found: Lookup } | null>(null);
  const [looking, setLooking] = useState(false);
  const create = useAppMutation<AdminUserFormCreateMutation>(createMutation);
  const update = useAppMutation<AdminUserFormUpdateMutation>(updateMutation);
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setTouched(true);
  };

  const email = values.email.trim().toLowerCase();
  const found = lookup && lookup.email === email ? lookup.found : null;
  const personalLocked = existing ? !existing.personalEditable : !!found;

  // Create: once the e-mail is complete, look the person up and take their registered name.
  const lookUp = async () => {
    if (existing || !EMAIL.test(email) || lookup?.email === email) return;
    setLooking(true);
    try {
      const result = await fetchQuery<AdminUserFormLookupQuery>(environment, lookupQuery, { email }, { fetchPolicy: 'network-only' }).toPromise();
      const person = result?.userByEmail ?? null;
      setLookup({ email, found: person });
      if (person) setValues((v) => ({ ...v, firstName: person.firstName, lastName: person.lastName ?? '' }));
    } catch {
      setLookup(null);
    } finally {
      setLooking(false);
    }
  };

  const errors = {
    email: !EMAIL.test(email) ? t('adminUsers.emailInvalid') : null,
    firstName: !personalLocked && values.firstName.trim() === '' ? t('form.required') : null,
    roleId: !values.roleId ? t('form.required') : null,
  };
  const alreadyAdmin = !existing && !!found?.administrationUser;
  const invalid = !!(errors.email || errors.firstName || errors.roleId) || alreadyAdmin;

  const save = async () => {
    const input = { email, firstName: values.firstName.trim(), lastName: values.lastName.trim() || null, roleId: values.roleId! };
    const ok = existing
      ? await update.run({ input: { id: existing.id, ...input } }, 'updateAdministrationUser')
      : await create.run({ input }, 'createAdministrationUser');
    if (ok) {
      notify('success', existing ? t('adminUsers.updated') : t('adminUsers.created'));
      navigate(LIST_PATH);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={2}>{existing ? t('adminUsers.editTitle') : t('adminUsers.create')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label={t('adminUsers.email')}
            type="email"
            value={values.email}
            disabled={!!existing && !existing.personalEditable}
            onChange={(e) => set({ email: e.currentTarget.value })}
            onBlur={() => void lookUp()}
            rightSection={looking ? <Loader size="xs" /> : null}
            error={touched ? errors.email : null}
          />
          {found && !alreadyAdmin && (
            <Text size="sm" c="dimmed">
              {t('adminUsers.existingPerson')}
            </Text>
          )}
          {alreadyAdmin && <Alert color="yellow">{t('adminUsers.alreadyAdmin', { email })}</Alert>}
          {existing?.pending && <Alert color="yellow">{t('adminUsers.invitedLocked')}</Alert>}
          {existing && !existing.personalEditable && !existing.pending && (
            <Text size="sm" c="dimmed">
              {t('adminUsers.personalLocked')}
            </Text>
          )}
          <TextInput
            label={t('adminUsers.firstName')}
            value={values.firstName}
            disabled={personalLocked}
            onChange={(e) => set({ firstName: e.currentTarget.value })}
            error={touched ? errors.firstName : null}
          />
          <TextInput
            label={t('adminUsers.lastName')}
            value={values.lastName}
            disabled={personalLocked}
            onChange={(e) => set({ lastName: e.currentTarget.value })}
          />
          <Select
            label={t('adminUsers.role')}
            placeholder={t('adminUsers.chooseRole')}
            data={roles.map((r) => ({ value: r.id, label: r.name }))}
            value={values.roleId}
            disabled={!!existing?.isViewer}
            onChange={(value) => set({ roleId: value })}
            allowDeselect={false}
            error={touched ? errors.roleId : null}
          />
          {!existing && (
            <Text size="sm" c="dimmed">
              {t('adminUsers.invitationHint')}
            </Text>
          )}
          <Group>
            <Button type="submit" disabled={invalid} loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={LIST_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
