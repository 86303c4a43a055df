/*
 * DynamoDB Local started as its own ServerRunner starts it, but listening on 127.0.0.1 only: the jar has no
 * option for the address and otherwise answers on every interface (anyone on the network could read the
 * table). Run by Java's source launcher (dynamodb.ts), with DynamoDBLocal.jar on the class path. Telemetry is
 * never configured, so none is sent.
 */
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // The Jetty server inside is private; its connectors take an address until they are started.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((AbstractNetworkConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
