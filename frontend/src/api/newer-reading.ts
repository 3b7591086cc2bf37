/**
 * The newer of two readings of one record. Pushes and answers reach a page in any order (an action's
 * answer, read before a push was sent, can arrive after it): a reading older than the one shown never
 * replaces it. `mark` only grows as the record changes (its stream version, the position of its last
 * event); a reading as new as the one shown replaces it (it may say more: what the user may do now).
 */
export function newerReading<T>(shown: T | undefined, incoming: T, mark: (reading: T) => number): T {
  return shown !== undefined && mark(shown) > mark(incoming) ? shown : incoming;
}
