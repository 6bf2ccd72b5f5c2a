/** Devices the installations list shows at first and adds with each «Ver más». */
export const DEVICES_PAGE = 20;
