// Route variables of the resident screens, kept apart from the screens so the route table loads none of their code.
import { globalId } from '../../../relay/ids.js';

/** Every resident form route: the resident to edit, or the house (?houseId=) an administrator registers into. */
export function residentFormVariables({ params, search }: { params: { residentId?: string }; search: URLSearchParams }) {
  const houseId = search.get('houseId');
  return {
    id: globalId('Resident', params.residentId),
    edit: !!params.residentId,
    houseNodeId: globalId('House', houseId),
    withHouse: !params.residentId && !!houseId,
  };
}
