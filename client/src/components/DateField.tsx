import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import 'dayjs/locale/es';
import '@mantine/dates/styles.css';
import { DATE_INPUT_FORMAT } from '../format.js';

/** Date picker with Monday weeks and Spanish month names; shows its value as every date is shown (28/11/2026); value is YYYY-MM-DD. */
export function DateField(props: Omit<DatePickerInputProps, 'firstDayOfWeek' | 'locale'>) {
  return <DatePickerInput firstDayOfWeek={1} locale="es" valueFormat={DATE_INPUT_FORMAT} clearable {...props} />;
}
