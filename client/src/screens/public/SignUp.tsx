import { useState } from 'react';
import { Anchor, Button, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { SignUpMutation } from '../../__generated__/SignUpMutation.graphql';
import { domainFromName, email as emailCheck } from '../../../../core/validators.js';
import { checked } from '../../components/fields.js';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const mutation = graphql`
  mutation SignUpMutation($input: SignUpCommunityInput!) {
    signUpCommunity(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

const required = 'Este campo es requerido';

const schema = z
  .object({
    name: z.string().trim().min(3, 'El nombre de la comunidad debe tener al menos 3 caracteres'),
    domain: z.string().regex(/^[a-z0-9_-]{3,60}$/, 'Solo minúsculas, números, guiones y guiones bajos (3 a 60)'),
    neighborhoodType: z.enum(['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL']),
    country: z.string().min(1, required),
    existingLogin: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    email: checked(emailCheck),
    password: z.string().min(1, required),
  })
  .superRefine((v, ctx) => {
    if (!v.existingLogin && v.firstName.trim() === '') ctx.addIssue({ code: 'custom', path: ['firstName'], message: required });
    if (!v.existingLogin && v.password.length < 8)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'La contraseña debe tener al menos 8 caracteres' });
  });

type Values = z.infer<typeof schema>;

export default function SignUp() {
  const { t } = useTranslation();
  const [domainEdited, setDomainEdited] = useState(false);
  const signUp = useAppMutation<SignUpMutation>(mutation);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      name: '',
      domain: '',
      neighborhoodType: 'NEIGHBORHOOD',
      country: 'México',
      existingLogin: false,
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const existingLogin = watch('existingLogin');

  const onSubmit = handleSubmit(async (v) => {
    const input = {
      neighborhood: { name: v.name, domain: v.domain, neighborhoodType: v.neighborhoodType, country: v.country },
      ...(v.existingLogin
        ? { login: { email: v.email, password: v.password } }
        : { user: { firstName: v.firstName, lastName: v.lastName || null, email: v.email, password: v.password } }),
    };
    if (await signUp.run({ input }, 'signUpCommunity')) window.location.assign('/');
  });

  const err = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <PublicLayout title={t('signUp.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('signUp.neighborhoodName')}
            {...register('name', {
              onChange: (e) => {
                if (!domainEdited) setValue('domain', domainFromName(e.target.value), { shouldValidate: true });
              },
            })}
            error={err('name')}
          />
          <TextInput
            label={t('signUp.domain')}
            description={t('signUp.domainHint')}
            {...register('domain', { onChange: () => setDomainEdited(true) })}
            error={err('domain')}
          />
          <Select
            label={t('signUp.type')}
            data={(['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL'] as const).map((value) => ({ value, label: t(`signUp.types.${value}`) }))}
            value={watch('neighborhoodType')}
            onChange={(v) => v && setValue('neighborhoodType', v as Values['neighborhoodType'])}
            allowDeselect={false}
          />
          <TextInput label={t('signUp.country')} {...register('country')} error={err('country')} />
          <Switch label={t('signUp.existingLogin')} {...register('existingLogin', { onChange: () => void form.trigger() })} />
          {!existingLogin && (
            <>
              <TextInput label={t('signUp.firstName')} {...register('firstName')} error={err('firstName')} />
              <TextInput label={t('signUp.lastName')} {...register('lastName')} />
            </>
          )}
          <TextInput label={t('signUp.email')} type="email" {...register('email')} error={err('email')} />
          <PasswordInput label={t('signUp.password')} {...register('password')} error={err('password')} />
          <Button type="submit" disabled={!formState.isValid} loading={signUp.inFlight}>
            {t('signUp.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('signUp.back')}
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
