import { Fieldset, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseDataFields_neighborhood$key } from '../../../../__generated__/HouseDataFields_neighborhood.graphql';
import { field, fieldError } from '../../../../components/forms.js';
import type { HouseForm } from './types.js';

const neighborhoodFragment = graphql`
  fragment HouseDataFields_neighborhood on Neighborhood { restrictVehicles }
`;

/** The house itself: its dimension (when the type asks it) and parking spots (required when the community restricts vehicles). */
export function HouseDataFields({
  neighborhood,
  form,
  withDimension,
}: {
  neighborhood: HouseDataFields_neighborhood$key | null;
  form: HouseForm;
  withDimension: boolean;
}) {
  const { t } = useTranslation();
  const community = useFragment(neighborhoodFragment, neighborhood);
  return (
    <Fieldset legend={t('owners.form.houseData')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {withDimension && (
          <TextInput
            label={t('owners.form.dimension')}
            withAsterisk
            inputMode="decimal"
            rightSection={<Text size="xs">m²</Text>}
            {...field(form, 'dimension')}
          />
        )}
        <Controller
          control={form.control}
          name="parkingSpots"
          render={({ field: input }) => (
            <NumberInput
              label={t('owners.form.parkingSpots')}
              withAsterisk={!!community?.restrictVehicles}
              min={0}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              value={input.value}
              onChange={(v) => input.onChange(v === '' ? '' : Number(v))}
              onBlur={input.onBlur}
              error={fieldError(form, 'parkingSpots')}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
