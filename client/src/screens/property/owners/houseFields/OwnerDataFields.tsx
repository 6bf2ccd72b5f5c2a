import { Alert, Anchor, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerDataFields_house$key } from '../../../../__generated__/OwnerDataFields_house.graphql';
import { field, fieldError } from '../../../../components/forms.js';
import { Uploader } from '../../../../components/Uploader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { HouseForm } from './types.js';

const houseFragment = graphql`
  fragment OwnerDataFields_house on House {
    databaseId pendingOwnerEmail officialIdFileId
    owner { email }
  }
`;

/**
 * The owner's data and official id. Once the house has an owner the e-mail is fixed here (owner
 * change has its own screen); name and phones stay editable.
 */
export function OwnerDataFields({ house, form }: { house: OwnerDataFields_house$key | null; form: HouseForm }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const existing = useFragment(houseFragment, house);
  const ownerLocked = !!existing?.owner;
  const officialIdError = fieldError(form, 'officialIdFileId');

  return (
    <Fieldset legend={t('owners.form.owner')}>
      {existing?.pendingOwnerEmail && (
        <Alert color="orange" mb="sm">
          {t('owners.change.pending', { email: existing.pendingOwnerEmail })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('owners.form.email')}
          type="email"
          readOnly={ownerLocked}
          {...field(form, 'owner.email')}
          description={
            ownerLocked && existing && grants.has('AHousesUpdate') ? (
              <Anchor component={Link} to={`/owners/${existing.databaseId}/change`} size="xs">
                {t('owners.actions.change')}
              </Anchor>
            ) : undefined
          }
        />
        <TextInput label={t('owners.form.firstName')} {...field(form, 'owner.firstName')} />
        <TextInput label={t('owners.form.lastName')} {...field(form, 'owner.lastName')} />
        <TextInput label={t('owners.form.mobile')} inputMode="tel" {...field(form, 'owner.mobile')} />
        <TextInput label={t('owners.form.landline')} inputMode="tel" {...field(form, 'owner.landline')} />
      </SimpleGrid>
      <Stack gap={4} mt="sm">
        <Text size="sm" fw={500}>
          {t('owners.form.officialId')}
        </Text>
        {existing?.officialIdFileId && (
          <Anchor href={`/api/1.0/files/${existing.officialIdFileId}`} target="_blank" size="sm">
            {t('owners.form.officialIdCurrent')}
          </Anchor>
        )}
        <Uploader
          endpoint="/api/1.0/files"
          maxSizeMb={10}
          pattern={/\.(pdf|png|jpe?g|webp)$/i}
          accept=".pdf,.png,.jpg,.jpeg,.webp"
          onUploaded={(id) => form.setValue('officialIdFileId', id, { shouldDirty: true })}
          onRemoved={() => form.setValue('officialIdFileId', null, { shouldDirty: true })}
        />
        {officialIdError && (
          <Text size="xs" c="red">
            {officialIdError}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
