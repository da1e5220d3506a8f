/** F1 of one class from paired truth and predictions: 2·tp / (2·tp + fp + fn), 0 when it has no true positive. */
export function classF1<L>(truth: readonly L[], predicted: readonly L[], label: L): number {
  let tp = 0
  let fp = 0
  let fn = 0
  truth.forEach((t, i) => {
    const p = predicted[i]
    if (p === label && t === label) tp++
    else if (p === label) fp++
    else if (t === label) fn++
  })
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn)
}
