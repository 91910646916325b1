/**
 * Commercial intent: how hard advertisers and end-user buyers compete for a keyword, as a
 * value tier. An exact-match name in a market where one customer is worth hundreds of dollars
 * (insurance, loans, lawyers, mortgages, rehab, casinos) sells for many times a name of equally
 * common words nobody advertises on. Tiers are read per keyword (a few dozen of the dearest
 * search keywords) and per subcategory of the classifier's taxonomy (every subcategory its
 * keywords lead to); the higher of the two applies.
 *
 * Tiers: 4 = the dearest advertising markets (insurance, loans, mortgages, lawyers, casinos,
 * rehab, credit); 3 = strong lead-generation markets (travel booking, real estate, degrees,
 * hosting, dentists, plumbers...); 2 = ordinary retail and services with paid search behind
 * them; 1 = weak commercial intent (hobbies, content); 0 = none. The bits each tier adds are
 * in INTENT_BITS. The tables are this project's judgement of the paid-search market, written
 * as data so that they can be read and reviewed.
 */
import { bits } from "./fixed.ts";

/** Millibits a tier adds to the value of a name whose words carry it. */
export const INTENT_BITS: readonly number[] = [0, bits(0.4), bits(0.9), bits(1.5), bits(2.2)];

const table = (rows: [number, string][]): ReadonlyMap<string, number> => {
  const m = new Map<string, number>();
  for (const [tier, list] of rows) for (const k of list.split(",")) m.set(k.trim(), tier);
  return m;
};

/** Keywords (and their plurals, folded by the caller) with their own tier. */
export const KEYWORD_TIERS = table([
  [
    4,
    "insurance, insure, insurer, loan, loans, mortgage, mortgages, lawyer, lawyers, attorney, attorneys, casino, casinos, rehab, credit, refinance, lender, debt, annuity, mesothelioma, injury, bail, claims, trading, forex, bitcoin, crypto, poker, slots, betting, bet, payday, cash, invest, investing, bank, banking",
  ],
  [
    3,
    "hotel, hotels, flights, flight, travel, vacation, cruise, cruises, degree, degrees, college, university, diet, weightloss, calculator, realestate, condo, condos, homes, apartment, apartments, rental, rentals, hosting, dentist, dental, plumber, plumbing, roofing, roofer, locksmith, hvac, solar, pharmacy, clinic, surgery, cosmetic, jobs, car, cars, auto, doctor, therapy, treatment, diamond, diamonds, jewelry, gold, wine, pay, payments, money, fund, funds, finance, financial, tax, accounting, tickets, dating, software, cloud, security, sex, porn, cannabis, marijuana, cbd, vape, hemp, shop, store, deals",
  ],
]);

/** Subcategory tiers: what an exact-match name in that market is worth to its buyers. */
export const SUBCATEGORY_TIERS = table([
  [
    4,
    "Auto Insurance, Health Insurance, Home Insurance, Life Insurance, Travel Insurance, Pet Insurance, General Insurance, Loans & Credit, Mortgages, Credit Cards, Law Firms, Personal Injury Law, Criminal Defense, Family & Divorce Law, Immigration Law, Bail Bonds, Casinos, Sports Betting, Poker, Bingo & Slots, Cryptocurrency, Investing, Banking, Retirement Planning",
  ],
  [
    3,
    "Hotels & Lodging, Flights & Airlines, Cruises, Travel Agencies, Vacation Rentals, Car Rental, Colleges & Universities, Online Learning, Weight Loss, Cosmetic Surgery, Dental Care, Doctors & Clinics, Pharmacy, Mental Health, Home Care & Eldercare, Homes for Sale, Real Estate Agents, Apartments, Rentals & Leasing, Commercial Property, Vacation Homes, Web Hosting & Domains, Cybersecurity, Software & Apps, Cloud & Data, Artificial Intelligence, Accounting & Tax, Payments, Precious Metals, Personal Finance, Plumbing, Roofing, Heating & Cooling, Solar & Renewables, Pest Control, Locksmiths, Moving & Storage, Home Security, Auto Sales, Auto Repair, Job Search, Recruitment & Staffing, Dating, Adult, Cannabis & CBD, Tutoring & Test Prep, Lottery, Patents & Trademarks, Senior Living, Jewelry & Watches, Vitamins & Supplements",
  ],
  [
    2,
    "Auto Parts, Motorcycles, Electric Vehicles, Trucks & Commercial Vehicles, Towing & Roadside, Marketing & Advertising, Consulting, Human Resources, Printing & Signage, Conferences & Events, Translation Services, Coworking & Office Space, Land & Farms, Property Management, Web Design & Development, Computers & Hardware, Consumer Electronics, Mobile Phones, Internet & Telecom, IT Support, Email & Messaging, Hospitals, Chiropractic & Physical Therapy, Vision Care, Dermatology, Medical Labs & Devices, Fertility & Pregnancy, Gyms & Fitness, Spa & Massage, Cosmetics & Makeup, Skin Care, Restaurants, Food Delivery, Wine, Spirits & Bars, Tours & Sightseeing, Bed & Breakfasts, Beach & Island Travel, Online Stores, Deals & Coupons, Gifts, Flowers, Furniture, Auctions & Marketplaces, Wholesale, Clothing, Footwear, Handbags & Accessories, Eyewear, Home Improvement, Electricians, Cleaning Services, Landscaping & Lawn, Interior Design, Pools & Hot Tubs, Flooring, Windows & Doors, Home Appliances, Smart Home, Kitchen & Bath, Construction & Contractors, Energy & Utilities, Oil & Gas, Shipping & Freight, Aviation, Boats & Marine, Courier & Delivery, Notary & Legal Documents, Schools, Language Learning, Vocational Training, Driving Schools, Tickets & Live Events, Streaming & Video, Video Games, Weddings, Funerals & Memorials, Veterinary, Pet Supplies, Firearms & Ammunition, Tobacco & Vaping, Golf, Fantasy Sports, Car Wash & Detailing, Taxi & Ride Sharing, RVs & Campers, Hair Salons",
  ],
]);

/** Tier of one word: its own, or that of its singular ("lawyers" -> "lawyer"). */
export function keywordTier(word: string): number {
  const t = KEYWORD_TIERS.get(word);
  if (t !== undefined) return t;
  if (word.length > 4 && word.endsWith("s")) return KEYWORD_TIERS.get(word.slice(0, -1)) ?? 0;
  return 0;
}

export function subcategoryTier(subcategory: string): number {
  return SUBCATEGORY_TIERS.get(subcategory) ?? 0;
}
