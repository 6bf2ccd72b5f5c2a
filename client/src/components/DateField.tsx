import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';

dayjs.locale('es');

/** Date picker with Monday weeks and Spanish long dates; value is YYYY-MM-DD. */
export function DateField(props: Omit<DatePickerInputProps, 'firstDayOfWeek' | 'locale'>) {
  return <DatePickerInput firstDayOfWeek={1} locale="es" valueFormat="D [de] MMMM [de] YYYY" clearable {...props} />;
}

export function longDate(value: string | Date): string {
  return dayjs(value).locale('es').format('D [de] MMMM [de] YYYY');
}
