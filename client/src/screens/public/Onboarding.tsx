// /onboarding/{domain}: public owner registration of a community (spec 1 sections 2 and 8). After the
// registration a signed-in visitor goes to sign in on the new house; everyone else sees the completed
// state (in SIGN_UP mode the /signup/{code} link went to the e-mail typed: codes never reach the screen).
import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Button, Center, Fieldset, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnboardingQuery, OnboardingQuery$data } from '../../__generated__/OnboardingQuery.graphql';
import type { OnboardingHouseInput, OnboardingMutation } from '../../__generated__/OnboardingMutation.graphql';
import { requiredLocationFields, type LocationField } from '../../../../core/houseRules.js';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const query = graphql`
  query OnboardingQuery($domain: String!) {
    onboardingCommunity(domain: $domain) {
      __typename
      ... on Error { code message }
      ... on QueryOnboardingCommunitySuccess {
        data {
          databaseId name domain urlLogo
          houseTypes {
            databaseId title requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall
          }
          streets { databaseId name }
          condominiums { databaseId name }
          malls { databaseId name }
        }
      }
    }
  }
`;

const mutation = graphql`
  mutation OnboardingMutation($input: RegisterOnboardingOwnerInput!) {
    registerOnboardingOwner(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRegisterOnboardingOwnerSuccess { data { outcome houseId email emailSent } }
    }
  }
`;

type Community = NonNullable<OnboardingQuery$data['onboardingCommunity']['data']>;

const ICON_PROPS = {
  width: 56,
  height: 56,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** Spec 1 section 8: 423 hidden eye, 405 ban, anything else a cross (Tabler icon shapes, inline). */
function UnavailableIcon({ code }: { code: number }) {
  if (code === 423) {
    return (
      <svg {...ICON_PROPS} data-icon="eye-off">
        <title>Registro oculto</title>
        <path d="M10.585 10.587a2 2 0 0 0 2.829 2.828" />
        <path d="M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87" />
        <path d="M3 3l18 18" />
      </svg>
    );
  }
  if (code === 405) {
    return (
      <svg {...ICON_PROPS} data-icon="ban">
        <title>Registro cerrado</title>
        <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
        <path d="M5.7 5.7l12.6 12.6" />
      </svg>
    );
  }
  return (
    <svg {...ICON_PROPS} data-icon="x">
      <title>No disponible</title>
      <path d="M18 6l-12 12" />
      <path d="M6 6l12 12" />
    </svg>
  );
}

const TEXT_FIELDS: Partial<Record<LocationField, 'block' | 'lot' | 'exteriorNumber' | 'interiorNumber'>> = {
  block: 'block',
  lot: 'lot',
  exteriorNumber: 'exteriorNumber',
  interiorNumber: 'interiorNumber',
};
const PLACE_FIELDS = { streetId: 'street', condominiumId: 'condominium', mallId: 'mall' } as const;
type PlaceKey = (typeof PLACE_FIELDS)[keyof typeof PLACE_FIELDS];
const PLACE_LISTS: Record<PlaceKey, 'streets' | 'condominiums' | 'malls'> = { street: 'streets', condominium: 'condominiums', mall: 'malls' };

export default function Onboarding() {
  const { t } = useTranslation();
  const { domain = '' } = useParams();
  const data = useLazyLoadQuery<OnboardingQuery>(query, { domain }, { fetchPolicy: 'network-only' });
  const result = data.onboardingCommunity;
  if (!result.data) {
    const failure = { code: result.code ?? 0, message: result.message ?? t('errors.load') };
    return (
      <PublicLayout title={t('onboarding.unavailable')}>
        <Center c={failure.code === 423 ? 'yellow.7' : 'red.7'} data-code={failure.code}>
          <UnavailableIcon code={failure.code} />
        </Center>
        <Alert color={failure.code === 423 ? 'yellow' : 'red'} role="alert">
          {failure.message}
        </Alert>
      </PublicLayout>
    );
  }
  return <RegistrationForm community={result.data} />;
}

function RegistrationForm({ community }: { community: Community }) {
  const { t } = useTranslation();
  const register = useAppMutation<OnboardingMutation>(mutation);
  const [typeId, setTypeId] = useState<string | null>(community.houseTypes.length === 1 ? String(community.houseTypes[0].databaseId) : null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [completed, setCompleted] = useState<{ emailSent: boolean; email: string } | null>(null);
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const value = (key: string) => values[key] ?? '';

  const type = community.houseTypes.find((h) => String(h.databaseId) === typeId) ?? null;
  // Location fields the chosen type does not require are not asked (the dimension is the administration's).
  const fields = useMemo(() => (type ? requiredLocationFields(type).filter((f) => f !== 'dimension') : []), [type]);

  if (completed) {
    return (
      <PublicLayout title={t('onboarding.completedTitle')}>
        <Alert color="green" role="status">
          {completed.emailSent ? t('onboarding.completedMailed', { email: completed.email }) : t('onboarding.completed', { community: community.name })}
        </Alert>
        {completed.emailSent && <Text>{t('onboarding.completedMailedHint')}</Text>}
      </PublicLayout>
    );
  }

  const filled = (key: string) => value(key).trim() !== '';
  const canSubmit =
    !!type && filled('firstName') && filled('email') && fields.every((f) => filled(f in PLACE_FIELDS ? PLACE_FIELDS[f as keyof typeof PLACE_FIELDS] : f));

  const submit = async () => {
    if (!type || !canSubmit) return;
    const house: { -readonly [K in keyof OnboardingHouseInput]: OnboardingHouseInput[K] } = { houseTypeId: type.databaseId };
    const put = house as Record<string, string | number | null>;
    for (const field of fields) {
      if (field in PLACE_FIELDS) {
        const place = PLACE_FIELDS[field as keyof typeof PLACE_FIELDS];
        const typed = value(place).trim();
        const known = community[PLACE_LISTS[place]].find((p) => p.name.toLowerCase() === typed.toLowerCase());
        if (known) put[field] = known.databaseId;
        else put[place] = typed;
      } else put[field] = value(field).trim();
    }
    const user = { firstName: value('firstName'), lastName: value('lastName') || null, email: value('email').trim(), mobile: value('mobile') || null };
    const response = await register.run({ input: { domain: community.domain, user, house } }, 'registerOnboardingOwner', { notifyTypedError: false });
    const r = response && 'data' in response ? response.data : null;
    if (!r) return;
    if (r.outcome === 'SIGN_IN') window.location.assign(`/login?email=${encodeURIComponent(r.email)}&id_house=${r.houseId}`);
    else setCompleted({ emailSent: r.emailSent, email: r.email });
  };

  return (
    <PublicLayout title={t('onboarding.title')}>
      <Title order={3}>{community.name}</Title>
      <Text>{t('onboarding.intro', { community: community.name })}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Fieldset legend={t('onboarding.houseHeading')}>
            <Stack>
              <Select
                label={t('onboarding.houseType')}
                required
                data={community.houseTypes.map((h) => ({ value: String(h.databaseId), label: h.title }))}
                value={typeId}
                onChange={setTypeId}
                allowDeselect={false}
              />
              <SimpleGrid cols={2}>
                {fields.map((field) => {
                  if (field in PLACE_FIELDS) {
                    const place = PLACE_FIELDS[field as keyof typeof PLACE_FIELDS];
                    return (
                      <Autocomplete
                        key={field}
                        label={t(`onboarding.${place}`)}
                        description={place === 'street' ? t('onboarding.streetHint') : undefined}
                        required
                        data={community[PLACE_LISTS[place]].map((p) => p.name)}
                        value={value(place)}
                        onChange={set(place)}
                      />
                    );
                  }
                  const key = TEXT_FIELDS[field]!;
                  return <TextInput key={field} label={t(`onboarding.${key}`)} required value={value(key)} onChange={(e) => set(key)(e.currentTarget.value)} />;
                })}
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('onboarding.personHeading')}>
            <SimpleGrid cols={2}>
              <TextInput
                label={t('onboarding.firstName')}
                required
                value={value('firstName')}
                onChange={(e) => set('firstName')(e.currentTarget.value)}
                autoComplete="given-name"
              />
              <TextInput
                label={t('onboarding.lastName')}
                value={value('lastName')}
                onChange={(e) => set('lastName')(e.currentTarget.value)}
                autoComplete="family-name"
              />
              <TextInput
                label={t('onboarding.email')}
                type="email"
                required
                value={value('email')}
                onChange={(e) => set('email')(e.currentTarget.value)}
                autoComplete="email"
              />
              <TextInput
                label={t('onboarding.mobile')}
                type="tel"
                value={value('mobile')}
                onChange={(e) => set('mobile')(e.currentTarget.value)}
                autoComplete="tel"
              />
            </SimpleGrid>
          </Fieldset>
          {register.error && (
            <Alert color="red" role="alert">
              {register.error.message}
            </Alert>
          )}
          <Button type="submit" disabled={!canSubmit} loading={register.inFlight}>
            {t('onboarding.submit')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
