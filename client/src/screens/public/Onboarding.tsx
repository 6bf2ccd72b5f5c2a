// /onboarding/{domain}: public owner registration of a community (spec 1 sections 2 and 8). After the
// registration a signed-in visitor goes to sign in on the new house; everyone else sees the completed
// state (in SIGN_UP mode the /signup/{code} link went to the e-mail typed: codes never reach the screen).
import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Avatar, Button, Center, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OnboardingQuery } from '../../__generated__/OnboardingQuery.graphql';
import type { Onboarding_community$data, Onboarding_community$key } from '../../__generated__/Onboarding_community.graphql';
import type { OnboardingMutation } from '../../__generated__/OnboardingMutation.graphql';
import { requiredLocationFields, type LocationField } from '../../../../core/houseRules.js';
import { locationIssues, OnboardingRegisterSchema } from '../../../../core/houses.js';
import { field, fieldError, useZodForm } from '../../components/forms.js';
import { useAppMutation } from '../../components/mutations.js';
import type { ScreenProps } from '../../router/screenRoute.js';
import { PublicLayout } from './PublicLayout.js';

export const onboardingQuery = graphql`
  query OnboardingQuery($domain: String!) {
    onboardingCommunity(domain: $domain) {
      __typename
      ... on Error { code message }
      ... on QueryOnboardingCommunitySuccess { data { ...Onboarding_community } }
    }
  }
`;

const communityFragment = graphql`
  fragment Onboarding_community on OnboardingCommunity {
    databaseId name domain urlLogo
    houseTypes {
      databaseId title requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall
    }
    streets { databaseId name }
    condominiums { databaseId name }
    malls { databaseId name }
  }
`;

const mutation = graphql`
  mutation OnboardingMutation($input: RegisterOnboardingOwnerInput!) {
    registerOnboardingOwner(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationRegisterOnboardingOwnerSuccess { data { outcome houseId email emailSent } }
    }
  }
`;

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

/** The place a location field names: chosen from the community's list or typed (spec 1 section 2). */
const PLACES = { streetId: 'street', condominiumId: 'condominium', mallId: 'mall' } as const;
type PlaceId = keyof typeof PLACES;
type Place = (typeof PLACES)[PlaceId];
const PLACE_LISTS: Record<Place, 'streets' | 'condominiums' | 'malls'> = { street: 'streets', condominium: 'condominiums', mall: 'malls' };
const isPlace = (f: LocationField): f is PlaceId => f in PLACES;
/** The form's input of a location field: the typed place name, or the text field itself. */
const inputOf = (f: Exclude<LocationField, 'dimension'>) => (isPlace(f) ? PLACES[f] : f);

type HouseTypes = Onboarding_community$data['houseTypes'];

/** The core schema, plus the location fields the chosen type requires (the server asks the same). */
function registrationSchema(houseTypes: HouseTypes) {
  return OnboardingRegisterSchema.superRefine((values, ctx) => {
    const type = houseTypes.find((h) => h.databaseId === values.house.houseTypeId);
    if (!type) return;
    const h = values.house;
    const location = { ...h, streetId: h.streetId ?? h.street, condominiumId: h.condominiumId ?? h.condominium, mallId: h.mallId ?? h.mall };
    for (const issue of locationIssues(location, type)) {
      if (issue.field !== 'dimension') ctx.addIssue({ code: 'custom', path: ['house', inputOf(issue.field)], message: issue.message });
    }
  });
}

export default function Onboarding({ queryRef }: ScreenProps<OnboardingQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<OnboardingQuery>(onboardingQuery, queryRef);
  const result = data.onboardingCommunity;
  if (!result.data) {
    const failure = { code: result.code ?? 0, message: result.message ?? t('errors.load') };
    return (
      <PublicLayout title={t('onboarding.unavailable')}>
        <Center c={failure.code === 423 ? 'yellow.7' : 'red.7'} data-code={failure.code}>
          <UnavailableIcon code={failure.code} />
        </Center>
        <Alert color={failure.code === 423 ? 'yellow' : 'red'} role="alert" variant="light">
          {failure.message}
        </Alert>
      </PublicLayout>
    );
  }
  return <RegistrationForm community={result.data} />;
}

function RegistrationForm({ community: communityKey }: { community: Onboarding_community$key }) {
  const { t } = useTranslation();
  const community = useFragment(communityFragment, communityKey);
  const register = useAppMutation<OnboardingMutation>(mutation);
  const [completed, setCompleted] = useState<{ emailSent: boolean; email: string } | null>(null);
  const typeOf = (id: number | null | undefined) => community.houseTypes.find((h) => h.databaseId === id) ?? null;
  const schema = useMemo(() => registrationSchema(community.houseTypes), [community.houseTypes]);
  const single = community.houseTypes.length === 1 ? community.houseTypes[0].databaseId : undefined;
  const form = useZodForm(schema, {
    defaultValues: { domain: community.domain, user: { firstName: '', lastName: '', email: '', mobile: '' }, house: { houseTypeId: single } },
  });
  const type = typeOf(form.watch('house.houseTypeId'));
  // Location fields the chosen type does not require are not asked (the dimension is the administration's).
  const fields = useMemo(() => (type ? requiredLocationFields(type).filter((f): f is Exclude<LocationField, 'dimension'> => f !== 'dimension') : []), [type]);
  const [firstName, email] = form.watch(['user.firstName', 'user.email']);
  const houseValues = form.watch('house') as Record<string, unknown>;
  const canSubmit = !!type && !!firstName?.trim() && !!email?.trim() && fields.every((f) => String(houseValues[inputOf(f)] ?? '').trim() !== '');

  if (completed) {
    return (
      <PublicLayout title={t('onboarding.completedTitle')}>
        <Alert color="green" role="status" variant="light">
          {completed.emailSent ? t('onboarding.completedMailed', { email: completed.email }) : t('onboarding.completed', { community: community.name })}
        </Alert>
        {completed.emailSent && (
          <Text size="sm" c="dimmed">
            {t('onboarding.completedMailedHint')}
          </Text>
        )}
      </PublicLayout>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const chosen = typeOf(values.house.houseTypeId)!;
    const house: { houseTypeId: number } & Record<string, string | number | null> = { houseTypeId: chosen.databaseId };
    // Only what the type asks travels; a typed place the community already has goes by its id.
    for (const f of fields) {
      if (isPlace(f)) {
        const place = PLACES[f];
        const typed = values.house[place] ?? '';
        const known = community[PLACE_LISTS[place]].find((p) => p.name.toLowerCase() === typed.toLowerCase());
        if (known) house[f] = known.databaseId;
        else house[place] = typed;
      } else house[f] = values.house[f];
    }
    const response = await register.run({ input: { domain: community.domain, user: values.user, house } }, 'registerOnboardingOwner', { form });
    const r = response && 'data' in response ? response.data : null;
    if (!r) return;
    if (r.outcome === 'SIGN_IN') window.location.assign(`/login?email=${encodeURIComponent(r.email)}&id_house=${r.houseId}`);
    else setCompleted({ emailSent: r.emailSent, email: r.email });
  });

  // A place typed by hand that the server could not use comes back on its id field.
  const placeError = (place: Place) => fieldError(form, `house.${place}`) ?? fieldError(form, `house.${place}Id`);

  return (
    <PublicLayout title={community.name} description={t('onboarding.intro', { community: community.name })} width={640}>
      {community.urlLogo && (
        <Group>
          <Avatar src={community.urlLogo} alt="" size={56} radius="md" />
          <Text size="sm" c="dimmed">
            {t('onboarding.title')}
          </Text>
        </Group>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Divider label={t('onboarding.houseHeading')} labelPosition="left" />
          <Controller
            control={form.control}
            name="house.houseTypeId"
            render={({ field: typeField }) => (
              <Select
                label={t('onboarding.houseType')}
                required
                data={community.houseTypes.map((h) => ({ value: String(h.databaseId), label: h.title }))}
                value={typeField.value == null ? null : String(typeField.value)}
                onChange={(value) => typeField.onChange(value ? Number(value) : undefined)}
                onBlur={typeField.onBlur}
                allowDeselect={false}
                error={fieldError(form, 'house.houseTypeId')}
              />
            )}
          />
          {fields.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {fields.map((f) => {
                if (isPlace(f)) {
                  const place = PLACES[f];
                  return (
                    <Controller
                      key={f}
                      control={form.control}
                      name={`house.${place}`}
                      render={({ field: placeField }) => (
                        <Autocomplete
                          label={t(`onboarding.${place}`)}
                          placeholder={place === 'street' ? t('onboarding.streetHint') : undefined}
                          required
                          data={community[PLACE_LISTS[place]].map((p) => p.name)}
                          value={placeField.value ?? ''}
                          onChange={placeField.onChange}
                          onBlur={placeField.onBlur}
                          error={placeError(place)}
                        />
                      )}
                    />
                  );
                }
                return <TextInput key={f} label={t(`onboarding.${f}`)} required {...field(form, `house.${f}`)} />;
              })}
            </SimpleGrid>
          )}
          <Divider label={t('onboarding.personHeading')} labelPosition="left" mt="xs" />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('onboarding.firstName')} required autoComplete="given-name" {...field(form, 'user.firstName')} />
            <TextInput label={t('onboarding.lastName')} autoComplete="family-name" {...field(form, 'user.lastName')} />
            <TextInput label={t('onboarding.email')} type="email" required autoComplete="email" {...field(form, 'user.email')} />
            <TextInput label={t('onboarding.mobile')} type="tel" inputMode="tel" autoComplete="tel" {...field(form, 'user.mobile')} />
          </SimpleGrid>
          <Button type="submit" size="md" mt="xs" disabled={!canSubmit} loading={register.inFlight}>
            {t('onboarding.submit')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
