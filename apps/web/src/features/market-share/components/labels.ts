/** How a diversity type reads on screen: the spec's codes, with NON_DIVERSE spelled out. */
export const diversityLabel = (type: string) => (type === 'NON_DIVERSE' ? 'Non-Diverse' : type);
