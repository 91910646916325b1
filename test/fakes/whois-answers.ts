/**
 * WHOIS texts in the formats registries really use: the ICANN gTLD key/value format (with
 * a registrar referral, as thin registries give), Nominet's section style, JPRS' [Key]
 * style, RIPE-like ccTLD style, and the not-found phrasings.
 */

export const icannThin = (domain: string, referral: string) => `   Domain Name: ${domain.toUpperCase()}
   Registry Domain ID: 2336799_DOMAIN_WS-VRSN
   Registrar WHOIS Server: ${referral}
   Registrar URL: http://www.example-registrar.test
   Updated Date: 2024-08-14T07:01:39Z
   Creation Date: 2001-05-14T04:00:00Z
   Registry Expiry Date: 2027-05-13T04:00:00Z
   Registrar: Example Registrar, Inc.
   Registrar IANA ID: 376
   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited
   Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
   Name Server: NS1.EXAMPLE.WS
   Name Server: NS2.EXAMPLE.WS
   DNSSEC: unsigned
   URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/
>>> Last update of whois database: 2026-11-22T20:00:00Z <<<

NOTICE: The expiration date displayed in this record is the date the
registrar's sponsorship of the domain name registration in the registry is
currently set to expire.
`;

/** The registrar's answer: it knows the nameservers the thin registry left out. */
export const registrarAnswer = (domain: string) => `Domain Name: ${domain}
Registrar WHOIS Server: whois.example-registrar.test
Creation Date: 2001-05-14T04:00:00Z
Registrar Registration Expiration Date: 2027-05-13T04:00:00Z
Registrar: Example Registrar, Inc.
Name Server: ns1.example.ws
Name Server: ns2.example.ws
DNSSEC: signedDelegation
`;

export const nominet = (domain: string) => `
    Domain name:
        ${domain}

    Data validation:
        Nominet was able to match the registrant's name and address against a 3rd party data source on 10-Dec-2012

    Registrar:
        Markmonitor Inc. t/a MarkMonitor Inc. [Tag = MARKMONITOR]
        URL: https://www.markmonitor.com

    Relevant dates:
        Registered on: 14-Feb-1999
        Expiry date:  14-Feb-2027
        Last updated:  13-Jan-2026

    Registration status:
        Registered until expiry date.

    Name servers:
        ns1.google.com
        ns2.google.com          216.239.34.10

    WHOIS lookup made at 20:00:00 22-Nov-2026
`;

export const jprs = (domain: string) => `[ JPRS database provides information on network administration. ]

Domain Information:
[Domain Name]                   ${domain.toUpperCase()}

[Registrant]                    Example K.K.

[Name Server]                   ns1.example.jp
[Name Server]                   ns2.example.jp
[Signing Key]

[Created on]                    2001/05/14
[Expires on]                    2027/05/31
[Status]                        Active
[Last Updated]                  2026/06/01 01:05:05 (JST)
`;

export const ripeLike = (domain: string) => `%
% This is the example ccTLD whois server.
%
domain:      ${domain}
status:      ACTIVE
registrar:   Registrar of the Alps AG
created:     2003.02.17
expire:      17.02.2027
nserver:     ns1.alps.test
nserver:     ns2.alps.test
dnssec:      signed
`;

export const NOT_FOUND_TEXTS = {
  noMatch: 'No match for "FREE.WS".\r\n>>> Last update of whois database: 2026-11-22T20:00:00Z <<<\r\n',
  notFound: "NOT FOUND\r\n",
  noData: "No Data Found\r\n",
  statusFree: "%\r\n% Rights restricted by copyright.\r\n%\r\nDomain: notthere.ws\r\nStatus: free\r\n",
};

export const ianaReferral = (tld: string, host: string) => `% IANA WHOIS server
% for more information on IANA, visit http://www.iana.org
% This query returned 1 object

refer:        ${host}

domain:       ${tld.toUpperCase()}

organisation: Example Registry
whois:        ${host}

status:       ACTIVE
created:      1995-07-20
`;

export const ianaNoServer = (tld: string) => `% IANA WHOIS server
% This query returned 1 object

domain:       ${tld.toUpperCase()}
organisation: A registry without WHOIS
status:       ACTIVE
`;
