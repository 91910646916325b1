/**
 * Words that are common in domain names but say nothing about the industry ("best", "my",
 * "online"). The classifier treats them as known dictionary words (they never make a name
 * "brandable") and skips them when it looks for the word that leads a name ("visit" aside, a
 * geo name is led by its place: "mylondon" is led by "london"). The splitter's lexicon may
 * import the list too.
 */
export const MODIFIERS: readonly string[] = (
  "a an the my your our his her their its me we us you i " +
  "and or of in on at to for by with from into up out over " +
  "best top get go goto pro plus max hub zone world central direct express now new first one " +
  "all easy smart quick fast free just real true good great big little mini super mega ultra " +
  "prime premium elite royal golden star global international local national united " +
  "group inc co corp company llc ltd team crew lab labs hq home online web net digital " +
  "center centre place point spot base land city town country usa uk us eu " +
  "daily today info guide guides tips review reviews club network express plus site"
)
  .split(" ")
  .filter((w, i, all) => w !== "" && all.indexOf(w) === i);

export const MODIFIER_SET: ReadonlySet<string> = new Set(MODIFIERS);
