/**
 * The one ordering rule of steps and work steps: the order of the list, which the editor sets
 * with Move up and Move down (records are read sorted by position), numbered by their place:
 * 01, 02, … The admin list and the public pages both number them with this.
 */
export const stepLabel = (place: number) => String(place + 1).padStart(2, "0");
