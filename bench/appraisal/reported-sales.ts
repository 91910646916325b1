/**
 * Publicly reported domain sales of $1M and more (press coverage collected in Wikipedia's
 * "List of most expensive domain names" and DNJournal's annual top-sales charts). Names only,
 * no prices: the bench checks that the model ranks them above ordinary registered names and
 * shows where they fall in its value distribution. Not used by the model or its tests.
 */
export const REPORTED_SALES: readonly string[] = [
  "voice.com", "360.com", "sex.com", "fund.com", "porn.com", "fb.com", "we.com", "diamond.com",
  "beer.com", "z.com", "casino.com", "slots.com", "toys.com", "clothes.com", "california.com",
  "vacationrentals.com", "privatejet.com", "internet.com", "insure.com", "nft.com", "ai.com",
  "chat.com", "icloud.com", "hotels.com", "shoes.com", "cars.com", "business.com", "insurance.com",
  "gambling.com", "korea.com", "mi.com", "ice.com", "tesla.com", "vodka.com", "poker.com",
  "social.com", "fly.com", "whisky.com", "israel.com", "england.com", "rock.com", "guy.com",
  "crypto.com", "beauty.com", "sportsbook.com", "freeporn.com", "investing.com", "creditcards.com",
  "candy.com", "marijuana.com", "bitcoin.com", "vegas.com", "mm.com", "ok.com", "fx.com", "gg.com",
  "tv.com", "deal.com", "home.com", "dating.com", "gold.com", "shop.com", "jobs.com", "loans.com",
  "wine.com", "music.com", "health.com", "golf.com", "cloud.com", "apps.com", "ice.io", "fly.io",
  "ai.io", "crypto.io", "x.ai", "you.io",
];
