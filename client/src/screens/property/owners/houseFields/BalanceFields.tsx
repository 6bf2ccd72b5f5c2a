import { Fieldset, SimpleGrid, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { BalanceFields_house$key } from '../../../../__generated__/BalanceFields_house.graphql';
import { QuantityField } from '../../../../components/QuantityField.js';
import { field, fieldError } from '../../../../components/forms.js';
import type { HouseForm } from './types.js';

const houseFragment = graphql`
  fragment BalanceFields_house on House { status }
`;

/** The initial balance: stated while the house is not active; once active it moves through the account statement. */
export function BalanceFields({ house, form }: { house: BalanceFields_house$key | null; form: HouseForm }) {
  const { t } = useTranslation();
  const existing = useFragment(houseFragment, house);
  const settled = existing?.status === 'ACTIVE' || existing?.status === 'BLOCKED';
  return (
    <Fieldset legend={t('owners.form.balance')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="initialBalance"
          render={({ field: input }) => (
            <QuantityField
              label={t('owners.form.initialBalance')}
              description={settled ? t('owners.form.initialBalanceSettled') : t('owners.form.initialBalanceHint')}
              readOnly={settled}
              value={input.value}
              onValue={input.onChange}
              onBlur={input.onBlur}
              error={fieldError(form, 'initialBalance')}
            />
          )}
        />
        <Textarea label={t('owners.form.balanceReason')} autosize minRows={1} readOnly={settled} {...field(form, 'balanceReason')} />
      </SimpleGrid>
    </Fieldset>
  );
}
