/** The demo tenant's contents: a small venture firm's team, its contacts and their companies. */
import type { MeetingStatus } from "@rapport/store";

export interface DemoCompany {
  key: string;
  company_name: string;
  domain: string;
  city: string;
  country: string;
  sector: string;
  employee_count: string;
  service_industry_tags: string[];
}

export interface DemoPerson {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  company: string;
  city: string;
  country: string;
  tags: string[];
}

export const DEMO_USERS = [
  { key: "user-avery", name: "Avery Stone", email: "avery@demo-capital.example", role: "administrator" as const },
  { key: "user-morgan", name: "Morgan Lee", email: "morgan@demo-capital.example", role: "member" as const },
  { key: "user-riley", name: "Riley Chen", email: "riley@demo-capital.example", role: "member" as const },
];

export const DEMO_COMPANIES: DemoCompany[] = [
  { key: "company-northwind", company_name: "Northwind Robotics", domain: "northwind-robotics.example", city: "Boston", country: "United States", sector: "Robotics", employee_count: "51-200", service_industry_tags: ["robotics", "industrial"] },
  { key: "company-globex", company_name: "Globex Health", domain: "globex-health.example", city: "London", country: "United Kingdom", sector: "Healthcare", employee_count: "201-500", service_industry_tags: ["healthcare", "ai"] },
  { key: "company-initech", company_name: "Initech Payments", domain: "initech-payments.example", city: "Austin", country: "United States", sector: "Fintech", employee_count: "11-50", service_industry_tags: ["fintech", "payments"] },
  { key: "company-umbra", company_name: "Umbra Energy", domain: "umbra-energy.example", city: "Berlin", country: "Germany", sector: "Energy", employee_count: "1001-5000", service_industry_tags: ["climate", "energy"] },
  { key: "company-lumen", company_name: "Lumen Analytics", domain: "lumen-analytics.example", city: "Toronto", country: "Canada", sector: "Software", employee_count: "11-50", service_industry_tags: ["ai", "analytics"] },
];

export const DEMO_PERSONS: DemoPerson[] = [
  { key: "person-jordan", first_name: "Jordan", last_name: "Blake", email: "jordan@northwind-robotics.example", job_title: "CEO", company: "company-northwind", city: "Boston", country: "United States", tags: ["founder"] },
  { key: "person-sam", first_name: "Sam", last_name: "Ortiz", email: "sam@northwind-robotics.example", job_title: "CTO", company: "company-northwind", city: "Boston", country: "United States", tags: ["founder", "technical"] },
  { key: "person-priya", first_name: "Priya", last_name: "Nair", email: "priya@globex-health.example", job_title: "Chief Medical Officer", company: "company-globex", city: "London", country: "United Kingdom", tags: ["executive"] },
  { key: "person-tom", first_name: "Tom", last_name: "Walsh", email: "tom@globex-health.example", job_title: "VP Partnerships", company: "company-globex", city: "London", country: "United Kingdom", tags: [] },
  { key: "person-lena", first_name: "Lena", last_name: "Fischer", email: "lena@umbra-energy.example", job_title: "CFO", company: "company-umbra", city: "Berlin", country: "Germany", tags: ["executive"] },
  { key: "person-diego", first_name: "Diego", last_name: "Ramos", email: "diego@initech-payments.example", job_title: "Founder", company: "company-initech", city: "Austin", country: "United States", tags: ["founder"] },
  { key: "person-mei", first_name: "Mei", last_name: "Tanaka", email: "mei@lumen-analytics.example", job_title: "Head of Data", company: "company-lumen", city: "Toronto", country: "Canada", tags: ["technical"] },
  { key: "person-omar", first_name: "Omar", last_name: "Haddad", email: "omar@angel-network.example", job_title: "Angel Investor", company: "company-lumen", city: "Toronto", country: "Canada", tags: ["investor", "connector"] },
];

/** Demo emails: who wrote to whom, how many days before the seed. */
export interface DemoEmail {
  key: string;
  daysAgo: number;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
}

export const DEMO_EMAILS: DemoEmail[] = [
  { key: "email-1", daysAgo: 400, from: "avery@demo-capital.example", to: ["omar@angel-network.example"], subject: "Catching up" },
  { key: "email-2", daysAgo: 120, from: "omar@angel-network.example", to: ["avery@demo-capital.example"], subject: "Re: Catching up" },
  { key: "email-3", daysAgo: 60, from: "omar@angel-network.example", to: ["jordan@northwind-robotics.example"], cc: ["avery@demo-capital.example"], subject: "Intro: Avery <> Jordan" },
  { key: "email-4", daysAgo: 58, from: "jordan@northwind-robotics.example", to: ["avery@demo-capital.example"], cc: ["sam@northwind-robotics.example"], subject: "Re: Intro: Avery <> Jordan" },
  { key: "email-5", daysAgo: 20, from: "avery@demo-capital.example", to: ["jordan@northwind-robotics.example"], subject: "Follow-up on the deck" },
  { key: "email-6", daysAgo: 18, from: "jordan@northwind-robotics.example", to: ["avery@demo-capital.example"], subject: "Re: Follow-up on the deck" },
  { key: "email-7", daysAgo: 45, from: "morgan@demo-capital.example", to: ["priya@globex-health.example"], subject: "Clinical AI roundtable" },
  { key: "email-8", daysAgo: 44, from: "priya@globex-health.example", to: ["morgan@demo-capital.example"], cc: ["tom@globex-health.example"], subject: "Re: Clinical AI roundtable" },
  { key: "email-9", daysAgo: 10, from: "morgan@demo-capital.example", to: ["tom@globex-health.example"], subject: "Partnership questions" },
  { key: "email-10", daysAgo: 200, from: "riley@demo-capital.example", to: ["lena@umbra-energy.example"], subject: "Umbra's next round" },
  { key: "email-11", daysAgo: 30, from: "riley@demo-capital.example", to: ["diego@initech-payments.example", "mei@lumen-analytics.example"], subject: "Fintech x data dinner" },
  { key: "email-12", daysAgo: 29, from: "mei@lumen-analytics.example", to: ["riley@demo-capital.example"], subject: "Re: Fintech x data dinner" },
  { key: "email-13", daysAgo: 5, from: "omar@angel-network.example", to: ["mei@lumen-analytics.example"], cc: ["riley@demo-capital.example"], subject: "Lumen seed extension" },
];

/** Demo meetings, days relative to the seed (negative: in the past; positive: upcoming). */
export interface DemoMeeting {
  key: string;
  dayOffset: number;
  hour: number;
  title: string;
  /** The demo user who organizes it, on whose calendar it was made. */
  organizer: string;
  attendees: string[];
  status?: MeetingStatus;
}

export const DEMO_MEETINGS: DemoMeeting[] = [
  { key: "meeting-1", dayOffset: -55, hour: 15, title: "Northwind intro call", organizer: "user-avery", attendees: ["avery@demo-capital.example", "jordan@northwind-robotics.example", "sam@northwind-robotics.example"] },
  { key: "meeting-2", dayOffset: -15, hour: 10, title: "Northwind deep dive", organizer: "user-avery", attendees: ["avery@demo-capital.example", "morgan@demo-capital.example", "jordan@northwind-robotics.example"] },
  { key: "meeting-3", dayOffset: -40, hour: 16, title: "Globex roundtable", organizer: "user-morgan", attendees: ["morgan@demo-capital.example", "priya@globex-health.example"] },
  { key: "meeting-4", dayOffset: 3, hour: 14, title: "Northwind partner meeting", organizer: "user-avery", attendees: ["avery@demo-capital.example", "jordan@northwind-robotics.example"] },
  { key: "meeting-5", dayOffset: 7, hour: 9, title: "Lumen seed extension", organizer: "user-riley", attendees: ["riley@demo-capital.example", "mei@lumen-analytics.example", "omar@angel-network.example"] },
  { key: "meeting-6", dayOffset: 2, hour: 11, title: "Umbra check-in", organizer: "user-riley", attendees: ["riley@demo-capital.example", "lena@umbra-energy.example"], status: "cancelled" },
];

export interface DemoList {
  key: string;
  name: string;
  kind: "persons" | "companies";
  /** The demo user who owns it. */
  owner: string;
  members: string[];
}

export const DEMO_LISTS: DemoList[] = [
  { key: "list-founders", name: "Founders to meet", kind: "persons", owner: "user-avery", members: ["person-jordan", "person-sam", "person-diego"] },
  { key: "list-ai-companies", name: "AI companies", kind: "companies", owner: "user-morgan", members: ["company-globex", "company-lumen"] },
];

/** The demo deal pipeline: one opportunity type with its stages, in pipeline order. */
export const DEMO_PIPELINE = {
  key: "type-investment",
  label: "Investment",
  stages: [
    { key: "stage-sourcing", name: "Sourcing", percentage: 10 },
    { key: "stage-diligence", name: "Diligence", percentage: 40 },
    { key: "stage-term-sheet", name: "Term sheet", percentage: 70 },
    { key: "stage-closed", name: "Closed", percentage: 100 },
  ],
};

export interface DemoOpportunity {
  key: string;
  name: string;
  stage: string;
  owner: string;
  value: number;
  persons: string[];
  companies: string[];
  note?: string;
}

export const DEMO_OPPORTUNITIES: DemoOpportunity[] = [
  { key: "deal-northwind", name: "Northwind Robotics Series A", stage: "stage-diligence", owner: "user-avery", value: 4_000_000, persons: ["person-jordan", "person-sam"], companies: ["company-northwind"], note: "Jordan wants a lead investor by Q1; Sam to share the technical roadmap." },
  { key: "deal-lumen", name: "Lumen Analytics seed extension", stage: "stage-sourcing", owner: "user-riley", value: 1_500_000, persons: ["person-mei"], companies: ["company-lumen"] },
  { key: "deal-globex", name: "Globex Health partnership", stage: "stage-term-sheet", owner: "user-morgan", value: 2_000_000, persons: ["person-priya"], companies: ["company-globex"] },
];
