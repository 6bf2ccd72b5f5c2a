import { useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseTypeFormQuery } from '../../__generated__/HouseTypeFormQuery.graphql';
import type { HouseTypeFormRuleQuery } from '../../__generated__/HouseTypeFormRuleQuery.graphql';
import type { HouseTypeFormCreateMutation } from '../../__generated__/HouseTypeFormCreateMutation.graphql';
import type { HouseTypeFormUpdateMutation } from '../../__generated__/HouseTypeFormUpdateMutation.graphql';
import {
  CUSTOM_HOUSE_TYPE,
  LOCATION_FLAGS,
  PREDEFINED_HOUSE_TYPES,
  type CatastralAlgorithm,
  type CommunityKind,
  type LocationFlag,
} from '../../../../core/houseTypes.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';
import { QuantityField } from '../../components/QuantityField.js';

const query = graphql`
  query HouseTypeFormQuery($id: ID!) {
    node(id: $id) {
      ... on HouseType {
        id title description defaultName catastralAlgorithm isCustom hiddenToPublic
        requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall amount
      }
    }
  }
`;

const ruleQuery = graphql`
  query HouseTypeFormRuleQuery { houseTypeAmountRequired }
`;

const createMutation = graphql`
  mutation HouseTypeFormCreateMutation($input: HouseTypeInput!) {
    createHouseType(input: $input) { __typename ... on Error { code message } ... on MutationCreateHouseTypeSuccess { data { houseType { id } } } }
  }
`;

const updateMutation = graphql`
  mutation HouseTypeFormUpdateMutation($input: UpdateHouseTypeInput!) {
    updateHouseType(input: $input) { __typename ... on Error { code message } ... on MutationUpdateHouseTypeSuccess { data { houseType { id title } } } }
  }
`;

interface Values {
  predefined: string;
  title: string;
  description: string;
  defaultName: string;
  catastralAlgorithm: CatastralAlgorithm;
  hiddenToPublic: boolean;
  flags: Record<LocationFlag, boolean>;
  amount: string;
}

const noFlags = Object.fromEntries(LOCATION_FLAGS.map((f) => [f, false])) as Record<LocationFlag, boolean>;

export default function HouseTypeForm() {
  const { houseTypeId } = useParams();
  return houseTypeId ? <EditHouseType houseTypeId={houseTypeId} /> : <HouseTypeFields existing={null} />;
}

function EditHouseType({ houseTypeId }: { houseTypeId: string }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<HouseTypeFormQuery>(query, { id: btoa(`HouseType:${houseTypeId}`) }, { fetchPolicy: 'network-only' });
  const n = data.node;
  if (!n || n.title === undefined) return <Alert color="yellow">{t('houseTypes.notFound')}</Alert>;
  const flags = Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!n[f]])) as Record<LocationFlag, boolean>;
  return (
    <HouseTypeFields
      existing={{
        id: n.id!,
        values: {
          predefined: n.isCustom ? CUSTOM_HOUSE_TYPE : n.title,
          title: n.title,
          description: n.description ?? '',
          defaultName: n.defaultName ?? '',
          catastralAlgorithm: n.catastralAlgorithm as CatastralAlgorithm,
          hiddenToPublic: !!n.hiddenToPublic,
          flags,
          amount: n.amount ?? '',
        },
      }}
    />
  );
}

function HouseTypeFields({ existing }: { existing: { id: string; values: Values } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const kind = session.neighborhood?.neighborhoodType;
  const templates = PREDEFINED_HOUSE_TYPES[kind && kind in PREDEFINED_HOUSE_TYPES ? (kind as CommunityKind) : 'NEIGHBORHOOD'];
  const [values, setValues] = useState<Values>(
    existing?.values ?? {
      predefined: '',
      title: '',
      description: '',
      defaultName: '',
      catastralAlgorithm: 'UNIQUE',
      hiddenToPublic: false,
      flags: noFlags,
      amount: '',
    },
  );
  // Spec 3 section 5: the monthly fee is required once the community has maintenance settings and COBRANZA.
  const amountRequired = useLazyLoadQuery<HouseTypeFormRuleQuery>(ruleQuery, {}, { fetchPolicy: 'store-and-network' }).houseTypeAmountRequired;
  const showAmount = amountRequired || session.activeModules.includes('COBRANZA');
  const create = useAppMutation<HouseTypeFormCreateMutation>(createMutation);
  const update = useAppMutation<HouseTypeFormUpdateMutation>(updateMutation);
  const custom = values.predefined === CUSTOM_HOUSE_TYPE;
  const template = templates.find((tp) => tp.title === values.predefined);
  const shownFlags = custom
    ? values.flags
    : template
      ? (Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!template.flags[f]])) as Record<LocationFlag, boolean>)
      : noFlags;
  const invalid = !values.predefined || (custom && values.title.trim() === '') || (amountRequired && values.amount.trim() === '');
  const options = [...templates.map((tp) => tp.title), ...(existing && !custom && !template ? [values.predefined] : []), CUSTOM_HOUSE_TYPE];

  const save = async () => {
    const input = {
      predefined: values.predefined,
      title: custom ? values.title : null,
      description: values.description || null,
      defaultName: values.defaultName || null,
      catastralAlgorithm: custom ? values.catastralAlgorithm : null,
      hiddenToPublic: values.hiddenToPublic,
      amount: values.amount.trim() || null,
      ...(custom ? values.flags : {}),
    };
    const ok = existing
      ? await update.run({ input: { id: existing.id, houseType: input } }, 'updateHouseType')
      : await create.run({ input }, 'createHouseType');
    if (ok) {
      notify('success', existing ? t('houseTypes.updated') : t('houseTypes.created'));
      navigate('/neighborhood/settings/houses-types');
    }
  };

  return (
    <Stack maw={640}>
      <Title order={2}>{existing ? t('houseTypes.editTitle') : t('houseTypes.create')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Select
            label={t('houseTypes.type')}
            data={options.map((o) => ({ value: o, label: o }))}
            value={values.predefined || null}
            onChange={(v) =>
              setValues({ ...values, predefined: v ?? '', defaultName: templates.find((tp) => tp.title === v)?.defaultName ?? values.defaultName })
            }
            allowDeselect={false}
          />
          {custom && <TextInput label={t('houseTypes.name')} value={values.title} onChange={(e) => setValues({ ...values, title: e.currentTarget.value })} />}
          <Textarea
            label={t('houseTypes.description')}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          />
          <TextInput
            label={t('houseTypes.defaultName')}
            value={values.defaultName}
            onChange={(e) => setValues({ ...values, defaultName: e.currentTarget.value })}
          />
          {custom && (
            <Select
              label={t('houseTypes.algorithm')}
              data={(['UNIQUE', 'INTERIOR_NUMBER_COMPOSED'] as const).map((a) => ({ value: a, label: t(`houseTypes.algorithms.${a}`) }))}
              value={values.catastralAlgorithm}
              onChange={(v) => v && setValues({ ...values, catastralAlgorithm: v as CatastralAlgorithm })}
              allowDeselect={false}
            />
          )}
          <Fieldset legend={t('houseTypes.requires')} variant="unstyled">
            <SimpleGrid cols={2} mt="xs">
              {LOCATION_FLAGS.map((f) => (
                <Checkbox
                  key={f}
                  label={t(`houseTypes.flags.${f}`)}
                  checked={shownFlags[f]}
                  disabled={!custom}
                  onChange={(e) => setValues({ ...values, flags: { ...values.flags, [f]: e.currentTarget.checked } })}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          {showAmount && (
            <QuantityField
              label={t('houseTypes.amount')}
              description={t('houseTypes.amountHint')}
              required={amountRequired}
              value={values.amount}
              onValue={(amount) => setValues({ ...values, amount })}
              leftSection="$"
            />
          )}
          <Checkbox
            label={t('houseTypes.hiddenToPublic')}
            checked={values.hiddenToPublic}
            onChange={(e) => setValues({ ...values, hiddenToPublic: e.currentTarget.checked })}
          />
          <Group>
            <Button type="submit" disabled={invalid} loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to="/neighborhood/settings/houses-types">
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
