export const MEASURED_SERVICES_PATH = '/services';
export const serviceFormPath = (id?: number) => (id == null ? `${MEASURED_SERVICES_PATH}/form` : `${MEASURED_SERVICES_PATH}/form/${id}`);
