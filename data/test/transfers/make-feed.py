# Writes linked-transfers.gtfs.zip: a small feed for the transfer-rule tests (not real data; see ../ATTRIBUTIONS.md).
# Run: python3 make-feed.py
import zipfile, io
def t(s):
    return "%02d:%02d:%02d" % (s//3600, (s%3600)//60, s%60)
files = {}
files['agency.txt'] = "agency_id,agency_name,agency_url,agency_timezone\nCR,Firth Commuter Rail,https://example.org/rail,Europe/London\nFB,Firth Buses,https://example.org/bus,Europe/London\n"
stops = [
 ("CEN","Central",56.4600,-2.9700,1,""),
 ("CEN1","Central platform 1",56.46010,-2.97010,0,"CEN"),
 ("CEN2","Central platform 2",56.46015,-2.96990,0,"CEN"),
 ("CEN3","Central bus station",56.46050,-2.96950,0,"CEN"),
 ("NOR","Northgate",56.5000,-2.9800,1,""),
 ("NOR1","Northgate platform 1",56.50005,-2.98010,0,"NOR"),
 ("NOR2","Northgate bus stop",56.50030,-2.97960,0,"NOR"),
 ("ABY","Abbeyhill",56.4300,-3.0500,0,""),
 ("BRD","Broadford",56.5400,-2.9900,0,""),
 ("CRK","Carrick",56.4100,-2.9000,0,""),
 ("DNM","Dunmore",56.4800,-2.8200,0,""),
 ("ARP","Airport",56.4500,-3.0200,0,""),
 ("FRM","Fairmuir",56.5200,-2.9500,0,""),
]
files['stops.txt'] = "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n" + "".join("%s,%s,%.5f,%.5f,%d,%s\n" % s for s in stops)
files['routes.txt'] = ("route_id,agency_id,route_short_name,route_long_name,route_type\n"
 "COAST,CR,C,Coast line,2\nVALLEY,CR,V,Valley line,2\nAIR,FB,X1,Airport express,3\nNORTH,FB,22,Northgate - Fairmuir,3\n")
files['calendar.txt'] = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260105,20260327\nSA,0,0,0,0,0,1,0,20260105,20260327\n"
trips = []; st = []; freq = []
# Coast line ABY - CEN1 - NOR1 - BRD every 30 min 06:00-21:30 weekdays, hourly Saturdays
def add(tid, route, svc, calls, head):
    trips.append((route, svc, tid, head))
    for i,(stop,arr,dep) in enumerate(calls):
        st.append((tid, t(arr), t(dep), stop, i+1))
for svc, step in (("WK",1800),("SA",3600)):
    for d in range(6*3600, 21*3600+1800+1, step):
        tid = "C%s%s" % (svc, t(d)[:5].replace(':',''))
        add(tid,"COAST",svc,[("ABY",d,d),("CEN1",d+13*60,d+15*60),("NOR1",d+27*60,d+28*60),("BRD",d+40*60,d+40*60)],"Broadford")
        tid = "CR%s%s" % (svc, t(d)[:5].replace(':',''))
        add(tid,"COAST",svc,[("BRD",d+5*60,d+5*60),("NOR1",d+17*60,d+18*60),("CEN1",d+30*60,d+32*60),("ABY",d+45*60,d+45*60)],"Abbeyhill")
# Valley line CRK - CEN2 - DNM, every 30 min, leaving CEN2 at :17 and :47 (2 min after the coast line leaves CEN1)
for svc, step in (("WK",1800),("SA",3600)):
    for d in range(6*3600, 21*3600+1800+1, step):
        tid = "V%s%s" % (svc, t(d)[:5].replace(':',''))
        add(tid,"VALLEY",svc,[("CRK",d+4*60,d+4*60),("CEN2",d+16*60,d+17*60),("DNM",d+35*60,d+35*60)],"Dunmore")
        tid = "VR%s%s" % (svc, t(d)[:5].replace(':',''))
        add(tid,"VALLEY",svc,[("DNM",d,d),("CEN2",d+18*60,d+19*60),("CRK",d+31*60,d+31*60)],"Carrick")
# Airport express from Central bus station, frequency based with exact times: every 10 min 06:05-22:00
add("X1","AIR","WK",[("CEN3",0,0),("ARP",22*60,22*60)],"Airport")
freq.append(("X1",t(6*3600+5*60),t(22*3600),600,1))
add("X1R","AIR","WK",[("ARP",0,0),("CEN3",22*60,22*60)],"Central")
freq.append(("X1R",t(6*3600),t(22*3600),600,1))
# Northgate bus 22 every 20 min, exact times
add("N22","NORTH","WK",[("NOR2",0,0),("FRM",11*60,11*60)],"Fairmuir")
freq.append(("N22",t(6*3600+10*60),t(21*3600),1200,1))
add("N22R","NORTH","WK",[("FRM",0,0),("NOR2",11*60,11*60)],"Northgate")
freq.append(("N22R",t(6*3600),t(21*3600),1200,1))
files['trips.txt'] = "route_id,service_id,trip_id,trip_headsign\n" + "".join("%s,%s,%s,%s\n" % x for x in trips)
files['stop_times.txt'] = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n" + "".join("%s,%s,%s,%s,%d\n" % x for x in st)
files['frequencies.txt'] = "trip_id,start_time,end_time,headway_secs,exact_times\n" + "".join("%s,%s,%s,%d,%d\n" % x for x in freq)
tr = ["from_stop_id,to_stop_id,from_route_id,to_route_id,from_trip_id,to_trip_id,transfer_type,min_transfer_time"]
# Station rule: 5 minutes to change anywhere in Central, 4 at Northgate
tr.append("CEN,CEN,,,,,2,300")
tr.append("NOR,NOR,,,,,2,240")
# Morning peak: the valley trains wait for the coast line (trip-to-trip timed transfers at Central)
for d in range(7*3600, 9*3600+1, 1800):
    tr.append("CEN1,CEN2,,,C%s%s,V%s%s,1," % ("WK",t(d)[:5].replace(':',''),"WK",t(d)[:5].replace(':','')))
# Coast line to the airport bus: the bus station is next to platform 1, two minutes (route-to-route)
tr.append("CEN1,CEN3,COAST,AIR,,,2,120")
# Valley line to the coast line at Central: not a supported change (route-to-route forbidden) ...
tr.append("CEN2,CEN1,VALLEY,COAST,,,3,")
# ... except one evening trip the coast train is held for (trip-to-trip beats route-to-route)
tr.append("CEN2,CEN1,,,VRWK1800,CRWK1800,1,")
# The Northgate bus waits for every coast train from Central (trip-to-route, from one route to trips of another: mixed)
tr.append("NOR1,NOR2,COAST,NORTH,,,1,")
# ... but never for the last one of the evening (one trip to a route, forbidden: more specific)
tr.append("NOR1,NOR2,,NORTH,CWK2000,,3,")
# Anything arriving from the airport at the bus station may change to the coast line with 3 minutes (to a route only)
tr.append("CEN3,CEN1,,COAST,,,2,180")
files['transfers.txt'] = "\n".join(tr) + "\n"
files['feed_info.txt'] = "feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date\nDrover tests,https://example.org,en,20260105,20260327\n"
with zipfile.ZipFile('linked-transfers.gtfs.zip','w',zipfile.ZIP_DEFLATED) as z:
    for name in sorted(files):
        zi = zipfile.ZipInfo(name, date_time=(2026,1,1,0,0,0)); zi.compress_type=zipfile.ZIP_DEFLATED
        z.writestr(zi, files[name])
