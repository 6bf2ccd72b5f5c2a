// The one form pattern: react-hook-form with a zod resolver whose schema lives in core/ (the server
// validates with the same one), Mantine inputs bound through `field`.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/** A form over a core zod schema: values typed by the schema's input, validated on blur then on change. */
export function useZodForm<S extends z.$ZodType<any, any>>(schema: S, options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {}) {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema as never) as never });
}

/** Props for a Mantine text-like input: registration plus its error message. */
export function field<F extends FieldValues>(form: UseFormReturn<F, any, any>, name: Path<F>) {
  const error = name.split('.').reduce<any>((node, key) => node?.[key], form.formState.errors)?.message as string | undefined;
  return { ...form.register(name), error };
}

/** The message of a field's error, for inputs bound with Controller. */
export function fieldError<F extends FieldValues>(form: UseFormReturn<F, any, any>, name: Path<F>): string | undefined {
  return name.split('.').reduce<any>((node, key) => node?.[key], form.formState.errors)?.message as string | undefined;
}

/**
 * useZodForm for the first page a visitor loads (sign-in): the schema and zod arrive with the first
 * validation (a field left or the form sent) instead of with the page.
 */
export function useLazyZodForm<S extends z.$ZodType<any, any>>(
  loadSchema: () => Promise<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  const [resolver] = useState(() => {
    let loaded: Resolver<z.input<S>, unknown, z.output<S>> | undefined;
    const lazyResolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, resolverOptions) => {
      loaded ??= zodResolver((await loadSchema()) as never) as never;
      return loaded!(values, context, resolverOptions);
    };
    return lazyResolver;
  });
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}
