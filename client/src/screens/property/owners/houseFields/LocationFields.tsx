import { Autocomplete, Fieldset, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { LocationFields_query$key } from '../../../../__generated__/LocationFields_query.graphql';
import type { LocationField } from '../../../../../../core/houseRules.js';
import { field, fieldError } from '../../../../components/forms.js';
import type { HouseForm } from './types.js';

const optionsFragment = graphql`
  fragment LocationFields_query on Query {
    houseTypes(first: 100) { edges { node { id title } } }
    streets(first: 100) { edges { node { id name } } }
    condominiums { name }
    malls { name }
  }
`;

/** The house's type, cadastral key and the location fields its type requires. */
export function LocationFields({ query, form, required }: { query: LocationFields_query$key; form: HouseForm; required: ReadonlySet<LocationField> }) {
  const { t } = useTranslation();
  const data = useFragment(optionsFragment, query);
  const text = (name: 'block' | 'lot' | 'exteriorNumber' | 'interiorNumber') =>
    required.has(name) && <TextInput label={t(`owners.form.${name}`)} withAsterisk {...field(form, name)} />;
  const place = (name: 'condominiumName' | 'mallName', label: string, options: readonly { name: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: input }) => (
        <Autocomplete
          label={label}
          description={t('owners.form.placeHint')}
          withAsterisk
          data={options.map((o) => o.name)}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={fieldError(form, name)}
        />
      )}
    />
  );

  return (
    <Fieldset legend={t('owners.form.location')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="houseTypeId"
          render={({ field: input }) => (
            <Select
              label={t('owners.form.houseType')}
              data={data.houseTypes?.edges.map((e) => ({ value: e.node.id, label: e.node.title })) ?? []}
              value={input.value || null}
              onChange={(value) => input.onChange(value ?? '')}
              onBlur={input.onBlur}
              error={fieldError(form, 'houseTypeId')}
              allowDeselect={false}
              withAsterisk
            />
          )}
        />
        <TextInput label={t('owners.form.catastral')} {...field(form, 'catastral')} styles={{ input: { textTransform: 'uppercase' } }} />
        {text('block')}
        {text('lot')}
        {required.has('streetId') && (
          <Controller
            control={form.control}
            name="streetId"
            render={({ field: input }) => (
              <Select
                label={t('owners.form.street')}
                withAsterisk
                searchable
                data={data.streets?.edges.map((e) => ({ value: e.node.id, label: e.node.name })) ?? []}
                value={input.value ?? null}
                onChange={input.onChange}
                onBlur={input.onBlur}
                error={fieldError(form, 'streetId')}
                nothingFoundMessage={t('owners.form.noStreets')}
              />
            )}
          />
        )}
        {text('exteriorNumber')}
        {text('interiorNumber')}
        {required.has('condominiumId') && place('condominiumName', t('owners.form.condominium'), data.condominiums)}
        {required.has('mallId') && place('mallName', t('owners.form.mall'), data.malls)}
      </SimpleGrid>
      {!form.watch('houseTypeId') && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('owners.form.typeFirst')}
        </Text>
      )}
    </Fieldset>
  );
}
