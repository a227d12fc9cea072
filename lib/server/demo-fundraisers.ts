/**
 * The demo's fundraisers (loaded by lib/server/demo-data.ts): plain data, with no server import,
 * so that the end-to-end specs can name them too (e2e/fixtures.ts demoFundraiser). Amounts in
 * cents; offsets in days from the day the demo data is loaded (UTC).
 */
/** Demo fundraisers, each on a real organization of the VT extract (checked by EIN). */
export const DEMO_FUNDRAISERS = [
  {
    ein: "030324429", // RANDOLPH AREA FOOD SHELF, Randolph VT (NTEE K31 food bank)
    name: "Winter Pantry Drive",
    imageUrl: "/images/demo/winter-pantry-drive.jpg",
    topic: "Hunger",
    goalCents: 1_500_000,
    startOffsetDays: -30,
    endOffsetDays: 45,
    description:
      "Demo fundraiser: stock the shelves for the winter months, when heating bills squeeze family budgets. " +
      "Every $25 buys a week of staples for a family of four.",
  },
  {
    ein: "030179423", // COPLEY HOSPITAL INC, Morrisville VT (NTEE E22 hospital)
    name: "Birthing Center Equipment Fund",
    imageUrl: "/images/demo/birthing-center-equipment.jpg",
    topic: "Health",
    goalCents: 5_000_000,
    startOffsetDays: -21,
    endOffsetDays: 70,
    description:
      "Demo fundraiser: new fetal monitors and a warming bassinet for the birthing center that serves " +
      "Lamoille County families.",
  },
  {
    ein: "030193150", // HUMANE SOCIETY OF CHITTENDEN COUNTY, South Burlington VT (NTEE D20)
    name: "Spay & Neuter Clinic Fund",
    imageUrl: "/images/demo/spay-neuter-clinic.jpg",
    topic: "Animals",
    goalCents: 2_000_000,
    startOffsetDays: -14,
    endOffsetDays: 40,
    description:
      "Demo fundraiser: low-cost spay and neuter surgeries for cats and dogs of families on a tight budget.",
  },
  {
    ein: "030264836", // VERMONT LAND TRUST INC, Montpelier VT (NTEE C34 land conservation)
    name: "Protect a Working Farm",
    imageUrl: "/images/demo/protect-a-working-farm.jpg",
    topic: "Environment",
    goalCents: 10_000_000,
    startOffsetDays: -45,
    endOffsetDays: 60,
    description:
      "Demo fundraiser: a conservation easement that keeps 240 acres of Vermont farmland in farming, forever.",
  },
  {
    ein: "030225887", // MONTESSORI SCHOOL OF CENTRAL VERMONT INC, Barre VT (NTEE B20 school)
    name: "Classroom Library & Art Supplies",
    imageUrl: "/images/demo/classroom-library-art.jpg",
    topic: "Education",
    goalCents: 800_000,
    startOffsetDays: -10,
    endOffsetDays: 35,
    description: "Demo fundraiser: picture books, paints and clay for three classrooms of children aged 3 to 12.",
  },
] as const;
