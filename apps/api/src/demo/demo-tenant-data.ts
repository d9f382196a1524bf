/** The demo tenant's contents: a small venture firm's team, its contacts and their companies. */

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
