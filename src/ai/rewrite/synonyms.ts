/**
 * Small offline thesaurus for query expansion: each line is a set of words people use
 * interchangeably when talking about their lives and work. Kept deliberately conservative:
 * a loose synonym adds more noise than it finds.
 */
const GROUPS = `
job work career occupation profession employment employed
company employer firm business startup
boss manager supervisor
colleague coworker teammate
salary pay wage income
quit resign resigned
fired laid dismissed
hire hired recruit recruited
kid kids child children son daughter sons daughters
mom mother mum
dad father
parent parents
wife husband spouse partner
girlfriend boyfriend partner
sibling siblings brother sister brothers sisters
grandma grandmother granny
grandpa grandfather
friend friends buddy pal
wedding marriage married marry
divorce divorced separated
baby newborn infant
pregnant pregnancy expecting
pet pets dog dogs puppy cat cats kitten
house home apartment flat
move moved moving relocate relocated
city town
car vehicle
trip travel vacation holiday journey
flight flew plane airport
beach sea ocean coast
hike hiking trek trekking
run running jog jogging
gym workout exercise fitness training
sport sports game match
bike bicycle cycling biking
swim swimming
doctor physician
hospital clinic
sick ill illness disease
injury injured hurt
medicine medication pills
therapy therapist counseling counselling counselor
anxiety anxious stress stressed worried
sad depressed unhappy down
happy glad joyful excited
angry mad upset
tired exhausted
school college university
class course lesson lecture
study studying studied learn learning
teacher professor instructor
student pupil
degree diploma graduate graduated graduation
exam test
book books novel novels
read reading
write writing wrote author
movie movies film films cinema
music song songs band album
concert gig show
guitar piano violin drums instrument
paint painting painted artwork art
draw drawing sketch
photo photos photograph picture pictures
camera photography
cook cooking cooked bake baking baked
food meal dinner lunch breakfast
restaurant cafe diner
coffee espresso latte
recipe dish
garden gardening plants flowers
volunteer volunteering charity
donate donated donation
church faith religion religious
money cash savings finances
buy bought purchase purchased
sell sold
gift present
birthday bday
party celebration celebrate
meeting meet met
phone call called
email mail message
computer laptop pc
app application software
project projects
deadline due
idea ideas plan plans
goal goals dream dreams aspiration
hobby hobbies pastime interest interests
favorite favourite preferred
like likes love loves enjoy enjoys
hate hates dislike dislikes
allergy allergic
vegetarian vegan
`;

const THESAURUS: Map<string, string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const line of GROUPS.trim().split('\n')) {
    const group = line.trim().split(/\s+/).filter(Boolean);
    for (const word of group) {
      const others = group.filter((w) => w !== word);
      map.set(word, [...new Set([...(map.get(word) ?? []), ...others])]);
    }
  }
  return map;
})();

/** Irregular verb forms a suffix-stripping stemmer cannot connect. */
const IRREGULAR = `
go went gone goes
buy bought
bring brought
think thought
teach taught
catch caught
fight fought
see saw seen
take took taken
make made
get got gotten
give gave given
find found
feel felt
leave left
meet met
pay paid
say said
tell told
sell sold
send sent
spend spent
build built
lose lost
win won
begin began begun
run ran
swim swam swum
sing sang sung
drink drank drunk
eat ate eaten
drive drove driven
ride rode ridden
write wrote written
fly flew flown
grow grew grown
know knew known
draw drew drawn
speak spoke spoken
break broke broken
choose chose chosen
wear wore worn
sleep slept
keep kept
hold held
stand stood
understand understood
read read
hear heard
come came
become became
do did done
have had
be was were been
`;

const FORMS: Map<string, string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const line of IRREGULAR.trim().split('\n')) {
    const forms = line.trim().split(/\s+/);
    for (const form of forms) map.set(form, [...new Set([...(map.get(form) ?? []), ...forms.filter((f) => f !== form)])]);
  }
  return map;
})();

export function synonymsOf(word: string): string[] {
  return THESAURUS.get(word) ?? [];
}

export function otherFormsOf(word: string): string[] {
  return FORMS.get(word) ?? [];
}
