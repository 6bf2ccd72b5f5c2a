import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../../../components/download.js';
import { errorMessage } from '../../../../../components/errors.js';
import { notify } from '../../../../../components/notify.js';
import { useSession } from '../../../../../components/SessionProvider.js';
import { expenseDetailsReportUrl, expenseSummaryReportUrl, type ExpenseReportFilters } from './urls.js';

/** The expense list's downloads: details and summary reports, XLSX or PDF, with the list's filters. */
export function ExpenseReportsMenu({ filters }: { filters: ExpenseReportFilters }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const neighborhoodId = session.neighborhood?.databaseId;
  if (neighborhoodId == null) return null;
  const download = async (url: string, name: string) => {
    const result = await downloadFile(url, name);
    if (!result.ok) notify('danger', errorMessage({ status: result.status, data: result.data, key: 'expenses/reports' }));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">{t('withdrawals.reports.button')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('withdrawals.reports.details')}</Menu.Label>
        <Menu.Item onClick={() => download(expenseDetailsReportUrl(neighborhoodId, filters, 'xlsx'), 'egresos-detalle.xlsx')}>
          {t('withdrawals.reports.detailsXlsx')}
        </Menu.Item>
        <Menu.Item onClick={() => download(expenseDetailsReportUrl(neighborhoodId, filters, 'pdf'), 'egresos-detalle.pdf')}>
          {t('withdrawals.reports.detailsPdf')}
        </Menu.Item>
        <Menu.Label>{t('withdrawals.reports.summary')}</Menu.Label>
        <Menu.Item onClick={() => download(expenseSummaryReportUrl(neighborhoodId, filters, 'xlsx'), 'egresos-resumen.xlsx')}>
          {t('withdrawals.reports.summaryXlsx')}
        </Menu.Item>
        <Menu.Item onClick={() => download(expenseSummaryReportUrl(neighborhoodId, filters, 'pdf'), 'egresos-resumen.pdf')}>
          {t('withdrawals.reports.summaryPdf')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export default ExpenseReportsMenu;
