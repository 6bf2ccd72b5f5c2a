export const SERVICES_CONCEPTS_PATH = '/neighborhood/settings/services_concepts';
export const serviceConceptFormPath = (id?: number) => (id == null ? `${SERVICES_CONCEPTS_PATH}/form` : `${SERVICES_CONCEPTS_PATH}/form/${id}`);
