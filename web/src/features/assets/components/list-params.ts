/** The address's parameters each Assets tab keeps its list in: another tab's are dropped on the way there. */
export const HARDWARE_LIST_PARAMS = ['q', 'status', 'type', 'location', 'sort', 'order'] as const;
export const FLEET_LIST_PARAMS = ['inventory'] as const;
