import type { UseFormReturn } from 'react-hook-form';
import type { HouseFormOutput, HouseFormValues } from './schema.js';

/** The house form as each field group receives it. */
export type HouseForm = UseFormReturn<HouseFormValues, unknown, HouseFormOutput>;
